import type { OrganizationUsage } from '@plumbline/contracts'
import type { AdminEnv } from '../env.js'

/**
 * Usage of the current month against the organisation's plan. Counters are filled by the
 * estimates, documents and ai events in later issues; until then they read zero.
 */
export async function getUsage(env: AdminEnv, _orgId: string): Promise<OrganizationUsage> {
  return {
    estimatesUsedThisMonth: 0,
    estimatesLimit: env.DEFAULT_ESTIMATES_LIMIT,
    pdfGenerationsThisMonth: 0,
    pdfLimit: env.DEFAULT_PDF_LIMIT,
    aiGenerationsThisMonth: 0,
    aiLimit: env.DEFAULT_AI_LIMIT,
  }
}
