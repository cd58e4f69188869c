import {
  type EventEnvelope,
  type FetchLogoUrlReply,
  type IdentityClaims,
  RequestSubjects,
  SYSTEM_ROLE_PERMISSIONS,
  type SystemRoleName,
} from '@plumbline/contracts'
import { createEnvelope, type EventConsumer, reply } from '@plumbline/messaging'
import type { Closer } from '@plumbline/service-kit'
import {
  type Call,
  identityHeaders,
  publishEnvelope,
  type Reply,
  serveForTests,
  startTestService,
  waitForConsumer as waitForConsumerOf,
} from '@plumbline/testing'
import { adminRoutes } from '../../src/app.js'
import { startAdminConsumers } from '../../src/consumers/consumers.js'
import type { AdminDeps } from '../../src/deps.js'
import { type AdminEnv, ZAdminEnv } from '../../src/env.js'
import { PrismaClient } from '../../src/generated/prisma/client.js'
import { startAdmin } from '../../src/start.js'

export type { Reply }
export type LogoUrlCheck = (url: string) => FetchLogoUrlReply
/** Accepts https URLs on example hosts and refuses the rest the way the documents service words it. */
export const exampleLogoUrlCheck: LogoUrlCheck = (url) =>
  /^https:\/\/[a-z.]*example(\.[a-z]+)?\//.test(url) ? { ok: true } : { ok: false, message: 'Logo URL points to a private or local address' }
export type AdminTestService = {
  deps: AdminDeps
  url: string
  call: Call
  /** Publishes an envelope on the test's bus prefix, without a msg id, so a repeat is delivered again. */
  publish: (envelope: EventEnvelope<unknown>) => Promise<void>
  /** Resolves once a durable has handled (acked) everything published on its subject so far. */
  waitForConsumer: (durable: string, owner: string) => Promise<void>
  close: () => Promise<void>
}

/**
 * The admin service mounted in process as main.ts wires it: own database, NATS prefix and Redis
 * prefix, start-up work (Free plan, responders) and, when asked, the durable consumers.
 */
export async function startAdminTestService(
  opts: { env?: Record<string, string>; consumers?: boolean; logoUrlCheck?: LogoUrlCheck } = {},
): Promise<AdminTestService> {
  const svc = await startTestService<PrismaClient, AdminEnv>({
    name: 'admin',
    schema: 'admin',
    PrismaClient,
    envSchema: ZAdminEnv,
    env: opts.env,
    routes: (deps) => adminRoutes(deps),
  })
  const deps: AdminDeps = svc.deps
  const closers: Closer[] = await startAdmin(deps)
  const consumers: EventConsumer[] = opts.consumers ? await startAdminConsumers(deps) : []
  // Stand-in for the documents service's safe logo fetch (tested there), answering per URL.
  const logoCheck = opts.logoUrlCheck && reply(deps.bus, RequestSubjects.fetchLogoUrl, async ({ url }: { url: string }) => opts.logoUrlCheck!(url))
  const http = await serveForTests(svc.app)
  const { url, call } = http

  const publish: AdminTestService['publish'] = (envelope) => publishEnvelope(deps.bus, envelope)
  const waitForConsumer: AdminTestService['waitForConsumer'] = (durable, owner) => waitForConsumerOf(deps.bus, durable, owner)

  const close = async () => {
    await http.close()
    for (const c of consumers) await c.stop()
    await logoCheck?.stop()
    for (const c of closers) await c.close()
    await svc.close()
  }
  return { deps, url, call, publish, waitForConsumer, close }
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

export const estimateEvent = (
  type: string,
  orgId: string,
  data: { estimateId: string; projectName: string; clientName?: string; status?: string },
  extra: { actorId?: string | null; occurredAt?: string } = {},
) => {
  const envelope = createEnvelope({ type, orgId, actorId: extra.actorId ?? null, data: { clientName: 'Casey Client', status: 'draft', ...data } })
  return extra.occurredAt ? { ...envelope, occurredAt: extra.occurredAt } : envelope
}
