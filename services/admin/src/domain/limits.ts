import { type QuotaCheckReply, UNLIMITED } from '@plumbline/contracts'

export type UsageKind = 'estimates' | 'pdf' | 'ai'
export type Limits = Record<UsageKind, number>

/** Monthly limits of one source (override or plan); null fields defer to the next source. */
export type LimitSource = { estimatesPerMonth: number | null; pdfGenerationsPerMonth: number | null; aiGenerationsPerMonth: number | null }

const FIELD: Record<UsageKind, keyof LimitSource> = {
  estimates: 'estimatesPerMonth',
  pdf: 'pdfGenerationsPerMonth',
  ai: 'aiGenerationsPerMonth',
}

/** Override beats plan beats the configured default, per kind. */
export function effectiveLimits(defaults: Limits, plan: LimitSource | null, override: LimitSource | null): Limits {
  const pick = (kind: UsageKind) => override?.[FIELD[kind]] ?? plan?.[FIELD[kind]] ?? defaults[kind]
  return { estimates: pick('estimates'), pdf: pick('pdf'), ai: pick('ai') }
}

/** -1 is unlimited; 0 allows nothing. */
export function quotaVerdict(used: number, limit: number): QuotaCheckReply {
  return { allowed: limit === UNLIMITED || used < limit, used, limit }
}
