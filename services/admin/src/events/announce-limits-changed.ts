import { type QuotaLimitsChangedV1, QuotaSubjects } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'

/**
 * The services keep quota answers (service-kit's checkQuota); this tells them an organisation's
 * are void: its limits changed, or usage was given back. Flushed, so the notice is on its way to
 * every service before admin answers the request (or acks the event) that caused it.
 *
 * Sent only once the change has committed (after `$transaction` resolves; from a consumer,
 * through its afterCommit): a service that hears it asks admin again at once, and must read the
 * new state, or it would keep the old answer for the answer's whole time to live.
 *
 * Core NATS, not the outbox: admin runs no relay, no stream holds quota subjects, and the relay's
 * polling would delay every notice. The price is that a notice can be lost (admin stops between
 * the commit and the publish, NATS is down). That is acceptable because the services' answers
 * live at most 10 s (QUOTA_ENTRY_TTL_MS) and admin reads limits and usage afresh on every ask:
 * a lost notice only leaves the old figures in use that long, and what caused it stands either way.
 */
export async function announceLimitsChanged(deps: Pick<AdminDeps, 'bus' | 'logger'>, orgId: string): Promise<void> {
  const notice: QuotaLimitsChangedV1 = { orgId }
  try {
    deps.bus.nc.publish(deps.bus.subject(QuotaSubjects.limitsChanged), JSON.stringify(notice))
    await deps.bus.nc.flush()
  } catch (err) {
    deps.logger.warn({ err, orgId }, 'could not announce changed quota limits')
  }
}
