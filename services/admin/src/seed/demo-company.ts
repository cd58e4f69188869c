// Company settings of the demo organisation `npm start` seeds (SEED_DEMO=true). The id repeats
// services/auth/src/seed/demo-accounts.ts on purpose: a service never imports another service.
export const DEMO_ORGANIZATION_ID = 'demo-construction-co'

export const DEMO_COMPANY_SETTINGS = {
  companyName: 'Demo Construction Co.',
  companyEmail: 'office@demo-construction.example',
  companyPhone: '(555) 010-4200',
  companyAddress: '1200 Builder Way, Sacramento, CA 95814',
  contractorLicense: 'CSLB #1000042',
  website: 'https://demo-construction.example',
  enableLineItems: true,
  // Line items grouped in sections, as the demo's estimates (and the journeys that use them) expect.
  enableSections: true,
  enableMarkupProfiles: true,
} as const
