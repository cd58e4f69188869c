import { CONTENT_SECTION_TYPES, centsOf, centsText, lineTotal, Subjects, splitByPercentages } from '@plumbline/contracts'
import { defaultPhasesOf } from '../data/catalog-repo.js'
import { recomputeSectionTotal } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { systemProjectTypeId } from './seed-system-catalog.js'
import { stableId } from './stable-id.js'

// Demo estimates for `npm start` (SEED_DEMO=true), in the demo organisation the auth service
// seeds (services/auth/src/seed/demo-accounts.ts). Each is inserted once, by a fixed id.

export const DEMO_ORGANIZATION_ID = 'demo-construction-co'

type Item = [name: string, type: 'labor' | 'material' | 'equipment' | 'subcontractor', quantity: string, unit: string, unitCost: string]
type Demo = {
  key: string
  projectType: string
  projectName: string
  clientName: string
  clientEmail: string
  propertyAddress: string
  squareFootage: number
  totalCost: string
  status: 'draft' | 'pending' | 'approved'
  daysAgo: number
  summary: string
  sections: { name: string; items: Item[] }[]
}

const DEMOS: Demo[] = [
  {
    key: 'johnson-roof',
    projectType: 'roofing',
    projectName: 'Johnson Residence Roof Replacement',
    clientName: 'Sarah Johnson',
    clientEmail: 'sarah.johnson@example.com',
    propertyAddress: '1425 Maple Ridge Dr, Austin, TX 78704',
    squareFootage: 2100,
    totalCost: '18650.00',
    status: 'pending',
    daysAgo: 3,
    summary:
      'Full tear-off of the existing 3-tab shingles and replacement with 30-year architectural shingles, new synthetic underlayment, ice and water shield at the eaves and valleys, and a continuous ridge vent.',
    sections: [
      {
        name: 'Tear-off & Disposal',
        items: [
          ['Remove existing shingles (1 layer)', 'labor', '2300', 'sqft', '0.85'],
          ['Dumpster rental and haul-off', 'equipment', '2', 'each', '450.00'],
        ],
      },
      {
        name: 'Decking & Underlayment',
        items: [
          ['Replace damaged OSB decking', 'material', '12', 'sheets', '32.00'],
          ['Synthetic underlayment', 'material', '2300', 'sqft', '0.35'],
          ['Ice & water shield', 'material', '450', 'sqft', '1.10'],
        ],
      },
      {
        name: 'Shingles & Ventilation',
        items: [
          ['Architectural shingles (installed)', 'material', '2300', 'sqft', '2.40'],
          ['Ridge vent', 'material', '45', 'lnft', '6.00'],
          ['Roofing crew', 'labor', '48', 'hours', '55.00'],
        ],
      },
    ],
  },
  {
    key: 'martinez-kitchen',
    projectType: 'remodeling',
    projectName: 'Martinez Kitchen Remodel',
    clientName: 'Carlos Martinez',
    clientEmail: 'carlos.martinez@example.com',
    propertyAddress: '88 Harbor View Ln, San Diego, CA 92109',
    squareFootage: 1850,
    totalCost: '42500.00',
    status: 'draft',
    daysAgo: 1,
    summary:
      'Complete kitchen remodel: new semi-custom shaker cabinets, quartz countertops, tile backsplash, LVP flooring, relocated sink with new plumbing, and updated lighting circuits.',
    sections: [
      {
        name: 'Demolition',
        items: [
          ['Remove cabinets, counters and flooring', 'labor', '24', 'hours', '55.00'],
          ['Debris removal', 'equipment', '2', 'tons', '95.00'],
        ],
      },
      {
        name: 'Cabinets & Countertops',
        items: [
          ['Semi-custom shaker cabinets', 'material', '22', 'lnft', '385.00'],
          ['Quartz countertops (fabricated and installed)', 'subcontractor', '58', 'sqft', '78.00'],
          ['Cabinet installation', 'labor', '32', 'hours', '65.00'],
        ],
      },
      {
        name: 'Plumbing & Electrical',
        items: [
          ['Relocate sink supply and drain', 'subcontractor', '1', 'each', '1450.00'],
          ['20A kitchen circuits', 'subcontractor', '3', 'each', '285.00'],
          ['LED recessed lights', 'material', '6', 'each', '145.00'],
        ],
      },
      {
        name: 'Finishes',
        items: [
          ['Ceramic tile backsplash (installed)', 'subcontractor', '35', 'sqft', '24.00'],
          ['LVP flooring (installed)', 'material', '240', 'sqft', '5.75'],
          ['Paint walls and ceiling', 'labor', '16', 'hours', '50.00'],
        ],
      },
    ],
  },
  {
    key: 'chen-fire',
    projectType: 'fire',
    projectName: 'Oak Street Fire Restoration',
    clientName: 'Linda Chen',
    clientEmail: 'linda.chen@example.com',
    propertyAddress: '512 Oak Street, Sacramento, CA 95818',
    squareFootage: 2400,
    totalCost: '68900.00',
    status: 'pending',
    daysAgo: 9,
    summary:
      'Restoration after a kitchen fire: emergency board-up, soot and smoke cleaning throughout, removal of the damaged kitchen and adjacent framing, structural repairs, and rebuild with new finishes.',
    sections: [
      {
        name: 'Mitigation',
        items: [
          ['Emergency board-up', 'labor', '1', 'each', '850.00'],
          ['Air scrubbers (HEPA)', 'equipment', '6', 'days', '95.00'],
          ['Soot cleaning – walls and ceilings', 'labor', '2400', 'sqft', '1.35'],
        ],
      },
      {
        name: 'Demolition',
        items: [
          ['Remove charred drywall and insulation', 'labor', '900', 'sqft', '1.80'],
          ['Debris haul-off', 'equipment', '4', 'tons', '95.00'],
        ],
      },
      {
        name: 'Structural Repairs',
        items: [
          ['Replace fire-damaged studs and joists', 'material', '160', 'lnft', '28.00'],
          ['Framing carpenter', 'labor', '60', 'hours', '62.00'],
        ],
      },
      {
        name: 'Rebuild',
        items: [
          ['Drywall hang, tape and finish', 'subcontractor', '1800', 'sqft', '2.25'],
          ['Thermal fogging and deodorization', 'subcontractor', '1', 'each', '1200.00'],
        ],
      },
    ],
  },
  {
    key: 'brightline-paint',
    projectType: 'commercial',
    projectName: 'Brightline Dental Office Repaint',
    clientName: 'Brightline Dental Group',
    clientEmail: 'office@brightline-dental.example.com',
    propertyAddress: '2200 Main St, Suite 300, Denver, CO 80202',
    squareFootage: 3200,
    totalCost: '14800.00',
    status: 'approved',
    daysAgo: 21,
    summary:
      'After-hours interior repaint of a 3,200 sq ft dental office: walls, ceilings, door frames and trim in low-VOC paint, completed over two weekends to avoid closing the practice.',
    sections: [
      {
        name: 'Preparation',
        items: [
          ['Patch, sand and caulk', 'labor', '3200', 'sqft', '0.35'],
          ['Masking and protection of equipment', 'material', '1', 'each', '420.00'],
        ],
      },
      {
        name: 'Painting',
        items: [
          ['Walls – 2 coats low-VOC', 'labor', '7600', 'sqft', '1.10'],
          ['Ceilings – 1 coat', 'labor', '3200', 'sqft', '0.95'],
          ['Door frames and trim', 'labor', '640', 'lnft', '1.75'],
        ],
      },
    ],
  },
]

export async function seedDemoEstimates(deps: EstimatesDeps, orgId = DEMO_ORGANIZATION_ID): Promise<number> {
  let created = 0
  for (const demo of DEMOS) {
    const id = stableId(`demo-estimate:${orgId}:${demo.key}`)
    const inserted = await deps.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`estimates:demo:${id}`}))`
      if (await tx.estimate.findUnique({ where: { id } })) return false
      const createdAt = new Date(Date.now() - demo.daysAgo * 86_400_000)
      const projectTypeId = systemProjectTypeId(demo.projectType)
      const e = await tx.estimate.create({
        data: {
          id,
          organizationId: orgId,
          createdBy: 'seed:demo',
          projectTypeId,
          projectName: demo.projectName,
          clientName: demo.clientName,
          clientEmail: demo.clientEmail,
          propertyAddress: demo.propertyAddress,
          squareFootage: demo.squareFootage,
          totalCost: demo.totalCost,
          status: demo.status,
          aiSummary: demo.summary,
          lockedAt: demo.status === 'approved' ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
        },
      })
      await tx.contentSection.createMany({
        data: CONTENT_SECTION_TYPES.map((type) => ({
          estimateId: id,
          organizationId: orgId,
          type,
          content: type === 'executive_summary' ? demo.summary : null,
        })),
      })
      await tx.contentLink.createMany({
        data: CONTENT_SECTION_TYPES.map((role) => ({ estimateId: id, organizationId: orgId, role, isCustomized: role === 'executive_summary' })),
      })
      const phases = await defaultPhasesOf(tx, orgId, projectTypeId)
      const amounts = splitByPercentages(
        centsOf(demo.totalCost),
        phases.map((p) => p.defaultPercentage),
      ).map(centsText)
      await tx.estimatePhase.createMany({
        data: phases.map((p, i) => ({
          estimateId: id,
          organizationId: orgId,
          name: p.name,
          description: p.description,
          sortOrder: i,
          percentage: p.defaultPercentage,
          amount: amounts[i],
          estimatedCost: amounts[i],
          costCodes: p.costCodes,
        })),
      })
      for (const [i, s] of demo.sections.entries()) {
        const section = await tx.section.create({ data: { estimateId: id, organizationId: orgId, name: s.name, sortOrder: i } })
        await tx.lineItem.createMany({
          data: s.items.map(([name, type, quantity, unit, unitCost], j) => ({
            sectionId: section.id,
            estimateId: id,
            organizationId: orgId,
            name,
            quantity,
            unit,
            unitCost,
            totalCost: lineTotal(quantity, unitCost),
            sortOrder: j,
            isLabor: type === 'labor',
            isMaterial: type === 'material',
            isEquipment: type === 'equipment',
            isSubcontractor: type === 'subcontractor',
          })),
        })
        await recomputeSectionTotal(tx, section.id)
      }
      await recordEstimateEvent(tx, Subjects.estimateCreated, orgId, null, {
        estimateId: id,
        projectName: e.projectName,
        clientName: e.clientName,
        status: e.status,
      })
      return true
    })
    if (inserted) created++
  }
  if (created) deps.logger.info({ orgId, created }, 'demo estimates seeded')
  return created
}
