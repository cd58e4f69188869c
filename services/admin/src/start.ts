import type { Closer } from '@plumbline/service-kit'
import { startCompanyLogoResponder } from './consumers/company-logo-responder.js'
import { startCompanySettingsResponder } from './consumers/company-settings-responder.js'
import { startQuotaResponder } from './consumers/quota-responder.js'
import type { AdminDeps } from './deps.js'
import { startErrorListener } from './monitoring/recent-errors.js'
import { startMetricsSampler } from './monitoring/sampler.js'
import { ensureDefaultPlan } from './usecases/ensure-default-plan.js'
import { seedDemoCompany } from './usecases/seed-demo-company.js'

/** Start-up work beyond the shared runtime: the Free plan, demo data, the request responders and monitoring. */
export async function startAdmin(deps: AdminDeps): Promise<Closer[]> {
  await ensureDefaultPlan(deps)
  if (deps.env.SEED_DEMO) await seedDemoCompany(deps)
  const quota = startQuotaResponder(deps)
  const settings = startCompanySettingsResponder(deps)
  const logo = startCompanyLogoResponder(deps)
  const errors = startErrorListener(deps)
  const sampler = startMetricsSampler(deps, deps.env.MONITORING_SAMPLE_SECONDS * 1000)
  return [
    { name: 'error listener', close: () => errors.stop() },
    { name: 'monitoring sampler', close: () => sampler.stop() },
    { name: 'quota-responder', close: () => quota.stop() },
    { name: 'company-settings-responder', close: () => settings.stop() },
    { name: 'company-logo-responder', close: () => logo.stop() },
  ]
}
