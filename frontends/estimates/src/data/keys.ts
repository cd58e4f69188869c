import * as api from '@plumbline/contracts/api-paths'
import { apiKey, type QueryParamValue } from '@plumbline/web'

// The estimates remote's one way to name a resource: a query key that is also its URL (spec
// 000 §7's request rule: string segments join into the path, object segments become query
// parameters; the shared query function builds the request from it), made from the route
// catalogue by apiKey. Writes name their routes through callApi. Other screens use the same keys
// and share the cache (the query client is a federation singleton).

export const projectTypesKey = (orgId: string) => apiKey(api.getProjectTypes, { orgId })
export const templatesKey = (orgId: string) => apiKey(api.getTemplates, { orgId })
export const companySettingsKey = (orgId: string) => apiKey(api.getCompanySettings, { orgId })
export const activitiesKey = (orgId: string) => apiKey(api.getActivities, { orgId })
/** Prefix of every estimates query (list pages, single estimates): invalidate this after a write. */
export const estimatesKey = (orgId: string) => apiKey(api.getEstimates, { orgId })
export const estimateListKey = (orgId: string, query: Record<string, QueryParamValue>) => apiKey(api.getEstimates, { orgId }, query)
export const estimateKey = (orgId: string, id: string) => apiKey(api.getEstimatesById, { orgId, id })
export const phasesKey = (orgId: string, id: string) => apiKey(api.getEstimatesPhases, { orgId, id })
export const contentLinksKey = (orgId: string, id: string) => apiKey(api.getEstimatesContentLinks, { orgId, id })
export const sectionsKey = (orgId: string, id: string) => apiKey(api.getEstimatesSections, { orgId, id })
export const totalsKey = (orgId: string, id: string) => apiKey(api.getEstimatesTotals, { orgId, id })
export const pricingKey = (orgId: string, id: string) => apiKey(api.getEstimatesPricing, { orgId, id })
export const chatKey = (orgId: string, id: string, type: string) => apiKey(api.getEstimatesContentSectionsChat, { orgId, id, type })
/** Templates plus this estimate's own profiles (the server filters by estimateId). */
export const markupProfilesKey = (orgId: string, estimateId: string) => apiKey(api.getMarkupProfiles, { orgId }, { estimateId })
export const taxProfilesKey = (orgId: string, estimateId: string) => apiKey(api.getTaxes, { orgId }, { estimateId })
export const jobStatusKey = (orgId: string, jobId: string) => apiKey(api.getJobsStatus, { orgId, jobId })
export const timelineKey = (orgId: string, id: string) => apiKey(api.getEstimatesTimeline, { orgId, id })
export const commentsKey = (orgId: string, id: string) => apiKey(api.getEstimatesComments, { orgId, id })
export const revisionsKey = (orgId: string, id: string) => apiKey(api.getEstimatesRevisions, { orgId, id })
export const revisionDiffKey = (orgId: string, id: string, pair: { from: string; to: string }) => apiKey(api.getEstimatesRevisionsDiff, { orgId, id }, pair)
