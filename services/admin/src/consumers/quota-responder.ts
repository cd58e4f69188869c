import { type QuotaCheckReply, RequestSubjects, ZQuotaCheckRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import type { AdminDeps } from '../deps.js'
import { checkQuota } from '../usecases/check-quota.js'

/** Answers "may this organisation do one more X this month?" for the estimates, documents and ai services. */
export function startQuotaResponder(deps: Pick<AdminDeps, 'bus' | 'queryRows' | 'env'>): Replier {
  return reply(
    deps.bus,
    RequestSubjects.quotaCheck,
    ({ orgId, kind }): Promise<QuotaCheckReply> => checkQuota(deps.queryRows, deps.env, orgId, kind),
    ZQuotaCheckRequest,
  )
}
