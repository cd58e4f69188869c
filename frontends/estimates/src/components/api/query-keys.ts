import type { QueryParamValue } from '@plumbline/web'

// Query keys follow the spec's request rule (spec 000 §7): string segments join into the path,
// object segments become query parameters. The default query function builds the URL from them,
// so every key below is also the request it makes. Other screens use the same keys and share
// the cache (the query client is a federation singleton).

const org = (orgId: string) => ['/api/organizations', orgId] as const

export const projectTypesKey = (orgId: string) => [...org(orgId), 'project-types'] as const
export const templatesKey = (orgId: string) => [...org(orgId), 'templates'] as const
export const companySettingsKey = (orgId: string) => [...org(orgId), 'company-settings'] as const
export const activitiesKey = (orgId: string) => [...org(orgId), 'activities'] as const
/** Prefix of every estimates query (list pages, single estimates): invalidate this after a write. */
export const estimatesKey = (orgId: string) => [...org(orgId), 'estimates'] as const
export const estimateListKey = (orgId: string, query: Record<string, QueryParamValue>) => [...estimatesKey(orgId), query] as const
export const estimateKey = (orgId: string, id: string) => [...estimatesKey(orgId), id] as const

export const estimatesPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/estimates`
export const estimatePath = (orgId: string, id: string) => `${estimatesPath(orgId)}/${encodeURIComponent(id)}`
export const templatesPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/templates`
export const PROPERTY_DATA_PATH = '/api/external/enhanced-property-data'
