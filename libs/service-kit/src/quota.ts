import {
  QUOTA_LIMIT_CODES,
  QUOTA_LIMIT_STATUS,
  type QuotaCheckReply,
  type QuotaKind,
  QuotaSubjects,
  quotaLimitMessage,
  RequestSubjects,
  UNLIMITED,
  ZQuotaCheckReply,
  ZQuotaLimitsChangedV1,
} from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError } from './errors.js'
import type { Logger } from './logger.js'

/**
 * The one quota client: asks the admin service whether the organisation may do one more counted
 * action (`kind`) this month. Refused: AppError 429 with QUOTA_LIMIT_CODES[kind] and the used and
 * limit figures (contracts documents the body). When admin does not answer in time, or answers
 * something unreadable, the action is allowed and a warning logged: a quota outage must not stop
 * contractors, and admin counts the action from its event anyway.
 *
 * A request to admin per create cost a NATS round trip and a database read each time,
 * so answers are kept per process, per organisation, kind and UTC month, and most actions are
 * allowed from what this process already knows:
 * - An answer grants this process at most half of the headroom it shows (limit − used) before
 *   admin is asked again, so other processes' actions are seen at least that often, and the last
 *   slot is always asked for. Each grant is counted here, so within a process the limit is exact.
 * - Only a fresh answer refuses. Admin counts an action from its event, a moment after it is
 *   allowed, so a fresh answer may not include this process's latest grants yet: the count used
 *   is the larger of admin's and the previous answer's plus the grants made since, but only while
 *   that previous answer is recent (UNCOUNTED_FOR_MS). Older knowledge is not carried forward:
 *   admin has counted those grants by then, or their action failed and never will be counted, and
 *   carrying them would make a busy organisation's count drift above the truth.
 * - Admin's QuotaSubjects.limitsChanged notice (an override set or removed, usage given back by a
 *   same-month delete) drops the organisation's answers; QUOTA_ENTRY_TTL_MS bounds any answer's
 *   life as a safety net.
 * - An action that fails after it was allowed gives its grant back (QuotaGrant.release; withQuota
 *   does it when the action throws), so near the limit it does not hold a slot the next action
 *   needs. The grant goes back only to the answer it came from, while that answer is still kept:
 *   a newer answer's figures were worked out without knowing whether this action would happen.
 * Across processes, as before, the limit can be passed only by actions whose events admin has not
 * counted yet (each process takes at most half of the headroom an answer shows, so the processes'
 * shares of one headroom add up to no more than it).
 */
export async function checkQuota(deps: { bus: Bus; logger: Logger }, orgId: string, kind: QuotaKind): Promise<QuotaGrant> {
  const cache = cacheOf(deps.bus)
  const key = `${orgId}\u0000${kind}\u0000${new Date().toISOString().slice(0, 7)}`
  // A fresh answer may be spent by concurrent callers before this one takes from it: ask again then.
  for (let attempt = 0; attempt < MAX_ASKS; attempt++) {
    const kept = cache.take(key)
    if (kept) return kept
    const entry = await cache.refresh(key, () => ask(deps, orgId, kind))
    if (entry === undefined) continue // a limits notice overtook the answer
    if (entry === null) return NOTHING_TO_GIVE_BACK // admin unavailable: allowed, as before
    const fresh = cache.take(key)
    if (fresh) return fresh
    if (entry.allowance === 0) throw new AppError(QUOTA_LIMIT_STATUS, QUOTA_LIMIT_CODES[kind], quotaLimitMessage(kind, entry.used, entry.limit))
  }
  // Out-raced MAX_ASKS times by this process's own callers: admin said yes each time, so allow.
  return NOTHING_TO_GIVE_BACK
}

/**
 * What checkQuota allowed. `release()` gives it back when the action then does not happen (it
 * failed, or found nothing to do), so admin will never count it; a second call does nothing.
 */
export type QuotaGrant = { release(): void }

/** An allowance no kept answer gave (admin unavailable, or out-raced): there is nothing to return it to. */
const NOTHING_TO_GIVE_BACK: QuotaGrant = { release() {} }

/**
 * checkQuota, then `action`; the grant is given back when the action throws. An action that ends
 * without doing what was counted (it joined one already under way, say) calls `grant.release()`.
 */
export async function withQuota<T>(deps: { bus: Bus; logger: Logger }, orgId: string, kind: QuotaKind, action: (grant: QuotaGrant) => Promise<T>): Promise<T> {
  const grant = await checkQuota(deps, orgId, kind)
  try {
    return await action(grant)
  } catch (err) {
    grant.release()
    throw err
  }
}

/** How long an answer is trusted at most, however little of it was spent. */
const QUOTA_ENTRY_TTL_MS = 10_000
/** How long admin may take to count an allowed action (outbox relay, bus, consumer: milliseconds normally). */
const UNCOUNTED_FOR_MS = 2_000
const MAX_ASKS = 5
/** Past this many answers kept, the expired ones are dropped before another is added. */
const MAX_ENTRIES = 10_000

function forgetExpired(entries: Map<string, Entry>): void {
  for (const [key, entry] of entries) if (!isLive(entry)) entries.delete(key)
}

type Entry = {
  /** What admin counted, or more: a recent previous answer's count plus this process's grants since. */
  used: number
  limit: number
  /** Grants this answer may still give: half the headroom, at least one while any is left; 0 is a refusal. */
  allowance: number
  granted: number
  answeredAt: number
  expiresAt: number
}

type QuotaCache = {
  /** A grant from the key's kept answer, or undefined when there is none live or it is spent. */
  take(key: string): QuotaGrant | undefined
  /**
   * One request per key at a time; concurrent callers share its answer. null: admin unavailable;
   * undefined: a limits notice for the organisation arrived meanwhile, so the answer may be stale.
   */
  refresh(key: string, ask: () => Promise<QuotaCheckReply | null>): Promise<Entry | null | undefined>
}

const isLive = (entry: Entry) => entry.expiresAt > Date.now()

function entryOf(reply: QuotaCheckReply, previous: Entry | undefined): Entry {
  const now = Date.now()
  const known = previous && now - previous.answeredAt < UNCOUNTED_FOR_MS ? previous.used + previous.granted : 0
  const used = Math.max(reply.used, known)
  const headroom = reply.limit - used
  const allowance = reply.limit === UNLIMITED ? Number.POSITIVE_INFINITY : reply.allowed && headroom > 0 ? Math.max(1, Math.floor(headroom / 2)) : 0
  return { used, limit: reply.limit, allowance, granted: 0, answeredAt: now, expiresAt: now + QUOTA_ENTRY_TTL_MS }
}

async function ask(deps: { bus: Bus; logger: Logger }, orgId: string, kind: QuotaKind): Promise<QuotaCheckReply | null> {
  try {
    return await request(deps.bus, RequestSubjects.quotaCheck, { orgId, kind }, { schema: ZQuotaCheckReply, timeoutMs: 2000 })
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, code: (err as { code?: string }).code, orgId, kind }, 'quota check unavailable; allowing the action')
    return null
  }
}

/** One cache per bus connection (a process has one; tests may run several services in one process). */
const caches = new WeakMap<Bus, QuotaCache>()

function cacheOf(bus: Bus): QuotaCache {
  let cache = caches.get(bus)
  if (!cache) {
    cache = newCache(bus)
    caches.set(bus, cache)
  }
  return cache
}

function newCache(bus: Bus): QuotaCache {
  const entries = new Map<string, Entry>()
  const pending = new Map<string, Promise<Entry | null | undefined>>()
  let notices = 0
  // Every process hears every notice (no queue group): each keeps its own answers.
  bus.nc.subscribe(bus.subject(QuotaSubjects.limitsChanged), {
    callback: (err, msg) => {
      if (err) return
      let parsed: ReturnType<typeof ZQuotaLimitsChangedV1.safeParse>
      try {
        parsed = ZQuotaLimitsChangedV1.safeParse(JSON.parse(new TextDecoder().decode(msg.data)))
      } catch {
        return
      }
      if (!parsed.success) return
      notices++
      const prefix = `${parsed.data.orgId}\u0000`
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key)
    },
  })
  return {
    take(key) {
      const entry = entries.get(key)
      if (!entry || !isLive(entry) || entry.granted >= entry.allowance) return undefined
      entry.granted++
      let released = false
      return {
        release() {
          if (released) return
          released = true
          if (entries.get(key) === entry && isLive(entry)) entry.granted--
        },
      }
    },
    refresh(key, askAdmin) {
      const inFlight = pending.get(key)
      if (inFlight) return inFlight
      const noticesBefore = notices
      const next = askAdmin()
        .then((reply) => {
          if (!reply) return null
          if (notices !== noticesBefore) return undefined
          const entry = entryOf(reply, entries.get(key))
          if (entries.size >= MAX_ENTRIES) forgetExpired(entries)
          entries.set(key, entry)
          return entry
        })
        .finally(() => pending.delete(key))
      pending.set(key, next)
      return next
    },
  }
}
