import { type QuotaLimitsChangedV1, QuotaSubjects } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'

/**
 * The services keep quota answers (service-kit's checkQuota); this tells them an organisation's
 * are void: its limits changed, or usage was given back. Flushed, so the notice is on its way to
 * every service before admin answers the request that caused it. Core NATS: a lost notice is
 * bounded by the answers' time to live, and what caused it stands either way.
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
