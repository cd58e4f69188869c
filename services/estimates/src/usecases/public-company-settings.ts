import { COMPANY_SETTINGS_DEFAULTS, RequestSubjects, ZCompanySettings, type CompanySettings } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import type { EstimatesDeps } from '../deps.js'

/** The public page must not hang on the admin service: a short wait, then the defaults. */
export const COMPANY_SETTINGS_TIMEOUT_MS = 1500

/**
 * The organisation's company settings from the admin service (request/reply). When it does not
 * answer in time, or answers something unexpected, the page still renders: with no company name
 * or logo, line items hidden and the default variance, as the settings' own defaults say.
 */
export async function fetchCompanySettings(deps: Pick<EstimatesDeps, 'bus' | 'logger'>, orgId: string): Promise<CompanySettings> {
  try {
    const reply = await request(deps.bus, RequestSubjects.companySettings, { orgId }, { timeoutMs: COMPANY_SETTINGS_TIMEOUT_MS })
    const parsed = ZCompanySettings.safeParse(reply)
    if (parsed.success) return parsed.data
    deps.logger.warn({ orgId, issues: parsed.error.issues.length }, 'company settings reply did not match the contract; using defaults')
  } catch (err) {
    deps.logger.warn({ orgId, err: (err as Error).message }, 'company settings unavailable; using defaults')
  }
  return { ...COMPANY_SETTINGS_DEFAULTS }
}
