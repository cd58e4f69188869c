import { COMPANY_SETTINGS_DEFAULTS, type CompanySettings, RequestSubjects, ZCompanySettings } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import type { Logger } from './logger.js'

/** Nothing a client waits for (public page, PDF, AI text) may hang on the admin service. */
export const COMPANY_SETTINGS_TIMEOUT_MS = 1500

/**
 * The organisation's company settings from the admin service (request/reply), for the services
 * that render for it: the public page, the PDF, the AI writer. When admin does not answer in time
 * (or answers something unexpected) the work still goes on with the settings' own defaults: no
 * company name or logo, line items hidden, the default variance, the built-in prompt template.
 */
export async function fetchCompanySettings(deps: { bus: Bus; logger: Logger }, orgId: string): Promise<CompanySettings> {
  try {
    return await request(deps.bus, RequestSubjects.companySettings, { orgId }, { schema: ZCompanySettings, timeoutMs: COMPANY_SETTINGS_TIMEOUT_MS })
  } catch (err) {
    deps.logger.warn({ orgId, err: (err as Error).message }, 'company settings unavailable; using defaults')
  }
  return { ...COMPANY_SETTINGS_DEFAULTS }
}
