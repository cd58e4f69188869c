import * as api from '@plumbline/contracts/api-paths'
import { apiKey } from '@plumbline/web'

// Query keys follow the spec's request rule (spec 000 §7): string segments join into the path, so
// each key is also the GET it makes. The estimates remote reads the same key; the query client
// is a federation singleton, so a save here refreshes what the estimate screens show.

export const companySettingsKey = (orgId: string) => apiKey(api.getCompanySettings, { orgId })
