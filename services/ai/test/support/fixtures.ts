import { randomUUID } from 'node:crypto'
import { COMPANY_SETTINGS_DEFAULTS, type CompanySettings, type EstimateDocument, type LineItem, type Phase, type Section } from '@plumbline/contracts'

// Estimate documents as the estimates service's rpc.estimates.document.get answers them, built
// to the contract (ZEstimateDocument) so the stand-in responder sends what the real one would.

const NOW = '2026-11-01T10:00:00.000Z'

export function phase(name: string, sortOrder: number, amount: string, percentage: string, extra: Partial<Phase> = {}): Phase {
  return {
    id: randomUUID(),
    name,
    description: null,
    sortOrder,
    estimatedCost: amount,
    adjustedCost: null,
    percentage,
    amount,
    isEnabled: true,
    status: 'pending',
    startDate: null,
    endDate: null,
    completionPercentage: 0,
    ...extra,
  }
}

export function lineItem(sectionId: string, name: string, quantity: string, unitCost: string, sortOrder: number, extra: Partial<LineItem> = {}): LineItem {
  return {
    id: randomUUID(),
    sectionId,
    name,
    description: null,
    category: null,
    quantity,
    unit: 'each',
    unitCost,
    totalCost: (Number(quantity) * Number(unitCost)).toFixed(2),
    isLabor: false,
    isMaterial: true,
    isEquipment: false,
    isSubcontractor: false,
    applyMarkup: true,
    applyTax: true,
    vendor: null,
    partNumber: null,
    notes: null,
    sortOrder,
    ...extra,
  }
}

export function section(name: string, sortOrder: number, items: (id: string) => LineItem[], description: string | null = null): Section {
  const id = randomUUID()
  const lineItems = items(id)
  const total = lineItems.reduce((s, i) => s + Math.round(Number(i.totalCost) * 100), 0) / 100
  return { id, name, description, total: total.toFixed(2), sortOrder, lineItems }
}

const zeroTotals = {
  baseTotal: '0.00',
  overhead: '0.00',
  profit: '0.00',
  contingency: '0.00',
  costTypeMarkup: '0.00',
  markupTotal: '0.00',
  subtotalWithMarkup: '0.00',
  taxes: [],
  taxTotal: '0.00',
  grandTotal: '0.00',
}

/** A roofing estimate with phases, two priced sections, markup and tax, notes and a transcript. */
export function roofDocument(overrides: { id?: string; contentSections?: Partial<Record<string, string | null>> } = {}): EstimateDocument {
  const sections = [
    section(
      'Tear-off and Disposal',
      0,
      (sid) => [
        lineItem(sid, 'Remove existing shingles', '24', '85', 0, { unit: 'sqft', isLabor: true, isMaterial: false }),
        lineItem(sid, 'Dumpster rental', '1', '450', 1, { isEquipment: true, isMaterial: false }),
      ],
      'Removal of the existing roof down to the deck.',
    ),
    section('Roof Installation', 1, (sid) => [
      lineItem(sid, 'Architectural shingles', '24', '145', 0, { unit: 'sqft' }),
      lineItem(sid, 'Synthetic underlayment', '24', '32.5', 1, { unit: 'sqft' }),
      lineItem(sid, 'Ridge vent', '40', '12.75', 2, { unit: 'lnft' }),
      lineItem(sid, 'Gutter replacement', '1', '1800', 3, { isSubcontractor: true, isMaterial: false }),
    ]),
  ]
  const base = sections.reduce((s, x) => s + Number(x.total), 0)
  const markup = Math.round(base * 0.2 * 100) / 100
  const tax = Math.round((base + markup) * 0.0825 * 100) / 100
  return {
    estimate: {
      id: overrides.id ?? randomUUID(),
      projectTypeId: 'pt-roofing',
      projectType: { id: 'pt-roofing', name: 'Roofing', icon: 'home' },
      projectName: 'Smith Roof Replacement',
      clientName: 'Jane Smith',
      clientEmail: 'jane@example.com',
      propertyAddress: '12 Elm Street, Springfield, IL 62701',
      squareFootage: 2400,
      totalCost: '18500.00',
      status: 'draft',
      specialFeatures: 'Two skylights to be re-flashed and a chimney cricket',
      meetingTranscript:
        'Jane: We want the new roof finished before the autumn rains. Contractor: Understood. Jane: I would like a darker shingle colour to match the shutters. We are also concerned about the old gutters leaking.',
      aiSummary: null,
      contentSections: { executive_summary: null, project_overview: null, scope_of_work: null, timeline: null, qa_notes: null, ...overrides.contentSections },
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
      phase('Planning and Permits', 1, '925.00', '5.00'),
      phase('Tear-off', 2, '2775.00', '15.00', { startDate: '2026-12-01T00:00:00.000Z', endDate: '2026-12-02T00:00:00.000Z' }),
      phase('Installation', 3, '12950.00', '70.00', { description: 'New underlayment, shingles and ridge vent' }),
      phase('Hidden phase', 4, '100.00', '0.00', { status: 'hidden' }),
      phase('Cleanup and Inspection', 5, '1850.00', '10.00'),
    ],
    sections,
    contentLinks: [],
    pricing: {
      markupProfileId: 'mp',
      taxProfileIds: ['tx'],
      totals: {
        ...zeroTotals,
        baseTotal: base.toFixed(2),
        overhead: markup.toFixed(2),
        markupTotal: markup.toFixed(2),
        subtotalWithMarkup: (base + markup).toFixed(2),
        taxes: [{ taxProfileId: 'tx', name: 'Illinois sales tax', amount: tax.toFixed(2) }],
        taxTotal: tax.toFixed(2),
        grandTotal: (base + markup + tax).toFixed(2),
      },
    },
  }
}

/** The least an estimate can have: required fields only, no phases, sections, notes or pricing. */
export function bareDocument(id = randomUUID()): EstimateDocument {
  const doc = roofDocument({ id })
  return {
    estimate: {
      ...doc.estimate,
      projectType: null,
      projectTypeId: null,
      clientEmail: null,
      squareFootage: null,
      totalCost: null,
      specialFeatures: null,
      meetingTranscript: null,
    },
    phases: [],
    sections: [],
    contentLinks: [],
    pricing: { markupProfileId: null, taxProfileIds: [], totals: zeroTotals },
  }
}

/** A large estimate: `sections` × `perSection` line items (the bench uses 10 × 30). */
export function largeDocument(sections = 10, perSection = 30): EstimateDocument {
  const doc = roofDocument()
  const big = Array.from({ length: sections }, (_, s) =>
    section(`Section ${s + 1}`, s, (sid) =>
      Array.from({ length: perSection }, (_, i) =>
        lineItem(sid, `Item ${s + 1}.${i + 1}`, String(1 + (i % 7)), (10 + ((s * 31 + i * 17) % 400)).toFixed(2), i, {
          isLabor: i % 3 === 0,
          isMaterial: i % 3 !== 0,
        }),
      ),
    ),
  )
  return { ...doc, sections: big }
}

export const companySettings = (overrides: Partial<CompanySettings> = {}): CompanySettings => ({
  ...COMPANY_SETTINGS_DEFAULTS,
  companyName: 'Summit Roofing Co.',
  contractorLicense: 'CA-1047722',
  companyPhone: '(555) 010-4477',
  companyEmail: 'office@summitroofing.example',
  ...overrides,
})
