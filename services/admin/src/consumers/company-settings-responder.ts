import { type CompanySettings, RequestSubjects, ZCompanySettingsRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import type { AdminDeps } from '../deps.js'
import { getCompanySettings } from '../usecases/get-company-settings.js'

/** Company facts other services need now: the estimate detail, the public page, the PDF. */
export function startCompanySettingsResponder(deps: Pick<AdminDeps, 'bus' | 'prisma'>): Replier {
  return reply(deps.bus, RequestSubjects.companySettings, ({ orgId }): Promise<CompanySettings> => getCompanySettings(deps, { orgId }), ZCompanySettingsRequest)
}
