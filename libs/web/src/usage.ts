import type { OrganizationUsage } from '@plumbline/contracts'

export type UsageBar = { label: string; used: number; limit: number; limitText: string; text: string; percent: number; unlimited: boolean }

/**
 * Spec 000 §9: limit -1 is unlimited ('∞', the bar fills 1% per item used, capped at 100%);
 * limit 0 shows an empty bar; otherwise used/limit capped at 100%.
 */
export function usagePercent(used: number, limit: number): number {
  const u = Number.isFinite(used) && used > 0 ? used : 0
  if (limit === -1) return Math.min(u, 100)
  if (!Number.isFinite(limit) || limit <= 0) return 0
  return Math.min((u / limit) * 100, 100)
}

export function formatLimit(limit: number): string {
  return limit === -1 ? '∞' : String(limit)
}

export function usageBar(label: string, used: number, limit: number): UsageBar {
  const limitText = formatLimit(limit)
  return { label, used, limit, limitText, text: `${used}/${limitText}`, percent: usagePercent(used, limit), unlimited: limit === -1 }
}

export function usageBars(usage: OrganizationUsage): UsageBar[] {
  return [
    usageBar('Estimates', usage.estimatesUsedThisMonth, usage.estimatesLimit),
    usageBar('PDFs', usage.pdfGenerationsThisMonth, usage.pdfLimit),
    usageBar('AI', usage.aiGenerationsThisMonth, usage.aiLimit),
  ]
}
