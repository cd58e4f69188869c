// Query keys double as URLs (the shared query function joins string segments with '/').
const ORG = '/api/organizations'

export const estimateKey = (orgId: string, id: string) => [ORG, orgId, 'estimates', id] as const
export const phasesKey = (orgId: string, id: string) => [ORG, orgId, 'estimates', id, 'phases'] as const
export const contentLinksKey = (orgId: string, id: string) => [ORG, orgId, 'estimates', id, 'content-links'] as const
export const sectionsKey = (orgId: string, id: string) => [ORG, orgId, 'estimates', id, 'sections'] as const
export const totalsKey = (orgId: string, id: string) => [ORG, orgId, 'estimates', id, 'totals'] as const
export const pricingKey = (orgId: string, id: string) => [ORG, orgId, 'estimates', id, 'pricing'] as const
export const companySettingsKey = (orgId: string) => [ORG, orgId, 'company-settings'] as const
/** Templates plus this estimate's own profiles (the server filters by estimateId). */
export const markupProfilesKey = (orgId: string, estimateId: string) => [ORG, orgId, 'markup-profiles', { estimateId }] as const
export const taxProfilesKey = (orgId: string, estimateId: string) => [ORG, orgId, 'taxes', { estimateId }] as const
export const templatesKey = (orgId: string) => [ORG, orgId, 'templates'] as const

/** Base path of one estimate's resources. */
export const estimatePath = (orgId: string, id: string) => `${ORG}/${orgId}/estimates/${id}`
export const orgPath = (orgId: string) => `${ORG}/${orgId}`

/** GET/POST …/estimates/{id}/content-sections/{type}/chat */
export const chatKey = (orgId: string, id: string, type: string) => [ORG, orgId, 'estimates', id, 'content-sections', type, 'chat'] as const
