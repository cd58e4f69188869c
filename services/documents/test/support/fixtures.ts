import { COMPANY_SETTINGS_DEFAULTS, type CompanySettings, type EstimateDocument } from '@plumbline/contracts'

// Fixture estimate documents in the shape of ZEstimateDocument: what the estimates service's
// responder answers. Tests run their own responder with these (a stand-in for that service).

const NOW = '2026-03-14T12:00:00.000Z'
const UNITS = ['each', 'sqft', 'lnft', 'hours', 'days', 'sheets']
const WORDS = [
  'Architectural shingles',
  'Ice and water shield',
  'Synthetic underlayment',
  'Ridge vent',
  'Drip edge flashing',
  'Step flashing',
  'Pipe boot',
  'Dumpster rental',
  'Tear-off labour',
  'Plywood decking',
  'Starter strip',
  'Gutter guard',
]

const money = (cents: number) => (cents / 100).toFixed(2)

export function makeDocument(opts: { id?: string; lineItems?: number; sectionsCount?: number; withQa?: boolean } = {}): EstimateDocument {
  const id = opts.id ?? '0190f0a0-0000-7000-8000-000000000001'
  const lineItems = opts.lineItems ?? 6
  const sectionsCount = opts.sectionsCount ?? Math.max(1, Math.min(6, Math.ceil(lineItems / 50)))
  let base = 0
  const sections = Array.from({ length: sectionsCount }, (_, s) => {
    const count = Math.floor(lineItems / sectionsCount) + (s < lineItems % sectionsCount ? 1 : 0)
    let sectionTotal = 0
    const items = Array.from({ length: count }, (_, i) => {
      const qty = 1 + ((i * 7 + s) % 40)
      const unitCents = 1250 + ((i * 373 + s * 91) % 25000)
      sectionTotal += qty * unitCents
      return {
        id: `li-${s}-${i}`,
        sectionId: `sec-${s}`,
        name: `${WORDS[(i + s) % WORDS.length]}${i % 9 === 0 ? ' including removal and disposal of existing material, per manufacturer spec' : ''} #${i + 1}`,
        description: null,
        category: null,
        quantity: `${qty}.000`,
        unit: UNITS[i % UNITS.length],
        unitCost: money(unitCents),
        totalCost: money(qty * unitCents),
        isLabor: i % 3 === 0,
        isMaterial: i % 3 !== 0,
        isEquipment: false,
        isSubcontractor: false,
        applyMarkup: true,
        applyTax: true,
        vendor: null,
        partNumber: null,
        notes: null,
        sortOrder: i,
      }
    })
    base += sectionTotal
    return {
      id: `sec-${s}`,
      name: ['Tear-off & Disposal', 'Roofing Materials', 'Flashing & Ventilation', 'Gutters', 'Labour', 'Permits & Cleanup'][s % 6],
      description: null,
      total: money(sectionTotal),
      sortOrder: s,
      lineItems: items,
    }
  })
  const markup = Math.round(base * 0.2)
  const tax = Math.round((base + markup) * 0.0825)
  const grand = base + markup + tax
  return {
    estimate: {
      id,
      projectTypeId: 'pt-roofing',
      projectType: { id: 'pt-roofing', name: 'Roofing', icon: 'home' },
      projectName: 'Smith Roof Replacement',
      clientName: 'Jane Smith',
      clientEmail: 'jane@example.com',
      propertyAddress: '12 Elm Street, Springfield, IL 62701',
      squareFootage: 1800,
      totalCost: '10000.00',
      status: 'pending',
      specialFeatures: null,
      meetingTranscript: null,
      aiSummary: null,
      contentSections: {
        executive_summary:
          'We propose a complete **tear-off and replacement** of the existing roof with architectural shingles, new underlayment and improved ventilation.',
        project_overview:
          'The home is a two-storey colonial with a 1,800 sq ft footprint.\n\nThe current roof is 24 years old and shows granule loss and two active leaks.',
        scope_of_work:
          '## Roofing\n- Remove existing shingles down to the deck\n- Replace damaged decking (up to 5 sheets included)\n- Install ice and water shield at eaves and valleys\n\n## Cleanup\n1. Magnetic sweep for nails\n2. Haul away all debris',
        timeline: 'Work takes 3 to 4 days, weather permitting. HIDDEN-TIMELINE-MARKER',
        qa_notes: 'INTERNAL-QA-MARKER: check the chimney flashing with the supplier.',
      },
      shareToken: null,
      viewedAt: null,
      approval: null,
      lockedAt: null,
      reopenedAt: null,
      reopenedBy: null,
      createdAt: NOW,
      updatedAt: NOW,
    },
    phases: [
      {
        id: 'ph-1',
        name: 'Preparation',
        description: 'Permits, delivery and site protection',
        sortOrder: 0,
        estimatedCost: '1500.00',
        adjustedCost: null,
        percentage: '15.00',
        amount: '1500.00',
        isEnabled: true,
        status: 'pending',
        startDate: null,
        endDate: null,
        completionPercentage: 0,
      },
      {
        id: 'ph-2',
        name: 'Tear-off and Install',
        description: 'Remove the old roof and install the new system',
        sortOrder: 1,
        estimatedCost: '7000.00',
        adjustedCost: null,
        percentage: '70.00',
        amount: '7000.00',
        isEnabled: true,
        status: 'pending',
        startDate: null,
        endDate: null,
        completionPercentage: 0,
      },
      {
        id: 'ph-3',
        name: 'Secret Hidden Phase',
        description: null,
        sortOrder: 2,
        estimatedCost: '500.00',
        adjustedCost: null,
        percentage: '5.00',
        amount: '500.00',
        isEnabled: true,
        status: 'hidden',
        startDate: null,
        endDate: null,
        completionPercentage: 0,
      },
      {
        id: 'ph-4',
        name: 'Disabled Phase',
        description: null,
        sortOrder: 3,
        estimatedCost: '500.00',
        adjustedCost: null,
        percentage: '5.00',
        amount: '500.00',
        isEnabled: false,
        status: 'pending',
        startDate: null,
        endDate: null,
        completionPercentage: 0,
      },
      {
        id: 'ph-5',
        name: 'Final Inspection',
        description: null,
        sortOrder: 4,
        estimatedCost: '1500.00',
        adjustedCost: null,
        percentage: '15.00',
        amount: '1500.00',
        isEnabled: true,
        status: 'pending',
        startDate: null,
        endDate: null,
        completionPercentage: 0,
      },
    ],
    sections,
    contentLinks: [
      { id: 'cl-1', role: 'executive_summary', showToClient: true, includeInPdf: true, includeInWebLink: true, isCustomized: false },
      { id: 'cl-2', role: 'project_overview', showToClient: true, includeInPdf: true, includeInWebLink: true, isCustomized: false },
      { id: 'cl-3', role: 'scope_of_work', showToClient: true, includeInPdf: true, includeInWebLink: true, isCustomized: false },
      { id: 'cl-4', role: 'timeline', showToClient: true, includeInPdf: false, includeInWebLink: true, isCustomized: false },
      // Flagged for the PDF on purpose: qa_notes must stay out anyway.
      { id: 'cl-5', role: 'qa_notes', showToClient: false, includeInPdf: opts.withQa ?? true, includeInWebLink: false, isCustomized: false },
    ],
    pricing: {
      markupProfileId: 'mp-1',
      taxProfileIds: ['tx-1'],
      totals: {
        baseTotal: money(base),
        overhead: money(markup / 2),
        profit: money(markup / 2),
        contingency: '0.00',
        costTypeMarkup: '0.00',
        markupTotal: money(markup),
        subtotalWithMarkup: money(base + markup),
        taxes: [{ taxProfileId: 'tx-1', name: 'Sales Tax 8.25%', amount: money(tax) }],
        taxTotal: money(tax),
        grandTotal: money(grand),
      },
    },
  }
}

export function makeSettings(overrides: Partial<CompanySettings> = {}): CompanySettings {
  return {
    ...COMPANY_SETTINGS_DEFAULTS,
    companyName: 'Acme Roofing Co.',
    companyEmail: 'hello@acmeroofing.example',
    companyPhone: '(555) 010-2030',
    companyAddress: '400 Industrial Way, Springfield, IL 62702',
    website: 'https://acmeroofing.example',
    contractorLicense: 'RC-123456',
    brandingColors: { primary: '#0f5132' },
    varianceRangePercentage: '10.00',
    enableLineItems: true,
    ...overrides,
  }
}
