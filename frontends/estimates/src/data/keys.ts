import { buildUrlFromQueryKey, type QueryParamValue } from '@plumbline/web'

// The estimates remote's one way to name a resource: a query key that is also its URL (spec
// 000 §7's request rule: string segments join into the path, object segments become query
// parameters; the shared query function builds the request from it). Writes use the same keys
// through pathOf, so a read and the write that must refresh it name the resource alike. Other
// screens use the same keys and share the cache (the query client is a federation singleton).

const ORG = '/api/organizations'
const org = (orgId: string) => [ORG, orgId] as const

/** The URL of a key: the path a write goes to. */
export const pathOf = (key: readonly unknown[]) => buildUrlFromQueryKey(key)

export const projectTypesKey = (orgId: string) => [...org(orgId), 'project-types'] as const
export const templatesKey = (orgId: string) => [...org(orgId), 'templates'] as const
export const templateKey = (orgId: string, id: string) => [...templatesKey(orgId), id] as const
export const companySettingsKey = (orgId: string) => [...org(orgId), 'company-settings'] as const
export const activitiesKey = (orgId: string) => [...org(orgId), 'activities'] as const
/** Prefix of every estimates query (list pages, single estimates): invalidate this after a write. */
export const estimatesKey = (orgId: string) => [...org(orgId), 'estimates'] as const
export const estimateListKey = (orgId: string, query: Record<string, QueryParamValue>) => [...estimatesKey(orgId), query] as const
export const estimateKey = (orgId: string, id: string) => [...estimatesKey(orgId), id] as const
export const phasesKey = (orgId: string, id: string) => [...estimateKey(orgId, id), 'phases'] as const
export const contentLinksKey = (orgId: string, id: string) => [...estimateKey(orgId, id), 'content-links'] as const
export const sectionsKey = (orgId: string, id: string) => [...estimateKey(orgId, id), 'sections'] as const
export const totalsKey = (orgId: string, id: string) => [...estimateKey(orgId, id), 'totals'] as const
export const pricingKey = (orgId: string, id: string) => [...estimateKey(orgId, id), 'pricing'] as const
/** GET/POST …/estimates/{id}/content-sections/{type}/chat */
export const chatKey = (orgId: string, id: string, type: string) => [...estimateKey(orgId, id), 'content-sections', type, 'chat'] as const
/** Templates plus this estimate's own profiles (the server filters by estimateId). */
export const markupProfilesKey = (orgId: string, estimateId: string) => [...org(orgId), 'markup-profiles', { estimateId }] as const
export const taxProfilesKey = (orgId: string, estimateId: string) => [...org(orgId), 'taxes', { estimateId }] as const
export const jobStatusKey = (orgId: string, jobId: string) => [...org(orgId), 'jobs', jobId, 'status'] as const

export const orgPath = (orgId: string) => pathOf(org(orgId))
export const estimatesPath = (orgId: string) => pathOf(estimatesKey(orgId))
export const estimatePath = (orgId: string, id: string) => pathOf(estimateKey(orgId, id))
export const templatesPath = (orgId: string) => pathOf(templatesKey(orgId))
export const PROPERTY_DATA_PATH = '/api/external/enhanced-property-data'
