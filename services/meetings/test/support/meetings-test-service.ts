import { type IdentityClaims, SYSTEM_ROLE_PERMISSIONS, type SystemRoleName } from '@plumbline/contracts'
import { type OutboxRelay, startOutboxRelay } from '@plumbline/messaging'
import { type Call, identityHeaders, serveForTests, startTestService } from '@plumbline/testing'
import { meetingsRoutes } from '../../src/app.js'
import { buildDeps, type MeetingsDeps } from '../../src/deps.js'
import { type MeetingsEnv, ZMeetingsEnv } from '../../src/env.js'
import { PrismaClient } from '../../src/generated/prisma/client.js'
import { startMeetings } from '../../src/start.js'

export type MeetingsTestService = {
  deps: MeetingsDeps
  url: string
  call: Call
  /** Storage keys holding bytes (a finished recording or chunks of one) that start with `prefix`, e.g. a meeting id. */
  storedKeys: (prefix: string) => Promise<string[]>
  close: () => Promise<void>
}

export type MeetingsTestOptions = {
  /** Env of this instance (e.g. TRANSCRIPTION_PROVIDER, OPENAI_BASE_URL). */
  env?: Partial<Record<string, string>>
  /** Also runs the transcription worker and the outbox relay, as main.ts does (default: routes only). */
  worker?: boolean
}

/** The meetings service mounted in process as main.ts wires it, with its own database (recordings included) and prefixes. */
export async function startMeetingsTestService(opts: MeetingsTestOptions = {}): Promise<MeetingsTestService> {
  const env = { TRANSCRIPTION_LEASE_MS: '3000', SUMMARY_TIMEOUT_MS: '3000', ...opts.env }
  let deps: MeetingsDeps | undefined
  const depsOf = (base: Parameters<typeof buildDeps>[0]) => (deps ??= buildDeps(base, base.env as MeetingsEnv))
  const svc = await startTestService<PrismaClient, MeetingsEnv>({
    name: 'meetings',
    schema: 'meetings',
    PrismaClient,
    envSchema: ZMeetingsEnv,
    env,
    routes: (base) => meetingsRoutes(depsOf(base)),
  })
  const d = depsOf(svc.deps)
  const relay: OutboxRelay | null = opts.worker
    ? startOutboxRelay({ runInTransaction: d.runInTransaction, schema: 'meetings', bus: d.bus, logger: d.logger, idleMs: 50 })
    : null
  const closers = opts.worker ? await startMeetings(d) : []
  const http = await serveForTests(svc.app)
  const close = async () => {
    await http.close()
    for (const c of closers) await c.close()
    await relay?.stop()
    await svc.close()
  }
  const storedKeys = async (prefix: string) =>
    (
      await d.queryRows<{ key: string }>({
        text: `SELECT storage_key AS key FROM meetings.audio_objects WHERE starts_with(storage_key, $1)
               UNION SELECT storage_key FROM meetings.audio_chunks WHERE starts_with(storage_key, $1)`,
        values: [prefix],
      })
    ).map((r) => r.key)
  return { deps: d, url: http.url, call: http.call, storedKeys, close }
}

/** Headers the gateway would forward for a member of `orgId` with one of the built-in roles. */
export function memberOf(orgId: string, role: SystemRoleName = 'Owner', userId = `user-${role.toLowerCase()}-${orgId}`): Promise<Record<string, string>> {
  const claims: IdentityClaims = {
    sub: userId,
    email: `${userId}@example.com`,
    systemRole: 'user',
    orgId,
    orgRole: role,
    permissions: SYSTEM_ROLE_PERMISSIONS[role],
  }
  return identityHeaders(claims)
}
