import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type JobStatusResponse, type PermissionSet, Subjects } from '@plumbline/contracts'
import { type OutboxRelay, startOutboxRelay } from '@plumbline/messaging'
import { type Api, claimsFor, signedRequest, startTestService, type TestService, uniqueId } from '@plumbline/testing'
import { aiServiceRoutes } from '../../src/app.js'
import { type AiDeps, buildDeps } from '../../src/deps.js'
import { type AiEnv, ZAiEnv } from '../../src/env.js'
import { PrismaClient } from '../../src/generated/prisma/client.js'
import { startAi } from '../../src/start.js'
import { type StandIns, startStandIns } from './stand-ins.js'

export type AiTestService = TestService<PrismaClient> & {
  deps: AiDeps
  base: string
  server: Server
  standIns: StandIns
  /** Requests as a member of `orgId` (Owner permissions unless given). Paths are relative to /organizations/{orgId}. */
  as: (orgId: string, opts?: { permissions?: PermissionSet; userId?: string }) => Api
  /** Requests to paths outside /organizations (e.g. /ai/provider) with an identity scoped to `orgId`. */
  raw: (orgId: string | null, opts?: { permissions?: PermissionSet }) => Api
}

/**
 * The ai service in process, wired as main.ts wires it (routes, job worker, outbox relay), with
 * stand-ins for the estimates and admin responders on its own bus prefix. Fast retries by
 * default; pass env to choose the provider (AI_PROVIDER=openai, OPENAI_BASE_URL=…).
 */
export async function startAiTestService(env: Partial<Record<string, string>> = {}): Promise<AiTestService> {
  let deps: AiDeps | undefined
  const depsOf = (base: Parameters<typeof buildDeps>[0]) => (deps ??= buildDeps(base, base.env as AiEnv))
  const svc = await startTestService<PrismaClient, AiEnv>({
    name: 'ai',
    schema: 'ai',
    PrismaClient,
    envSchema: ZAiEnv,
    env: { AI_RETRY_BASE_MS: '20', AI_JOB_LEASE_MS: '3000', ...env },
    routes: (base) => aiServiceRoutes(depsOf(base)),
  })
  const d = depsOf(svc.deps)
  const standIns = startStandIns(d.bus)
  const relay: OutboxRelay = startOutboxRelay({ runInTransaction: d.runInTransaction, schema: 'ai', bus: d.bus, logger: d.logger, idleMs: 50 })
  const closers = await startAi(d)
  const server = svc.app.listen(0)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    ...svc,
    deps: d,
    base,
    server,
    standIns,
    as: (orgId, opts) => (method, path, body, headers) => signedRequest(base, claimsFor(orgId, opts), method, `/organizations/${orgId}${path}`, body, headers),
    raw: (orgId, opts) => (method, path, body, headers) => signedRequest(base, orgId ? claimsFor(orgId, opts) : null, method, path, body, headers),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      for (const c of closers) await c.close()
      await relay.stop()
      await standIns.stop()
      await svc.close()
    },
  }
}

export const newOrgId = () => uniqueId('org-')

const TERMINAL = new Set(['completed', 'failed', 'cancelled'])

/** Polls a job's status until it finishes (as the web client does, faster). */
export async function waitForJob(api: Api, jobId: string, timeoutMs = 20_000): Promise<JobStatusResponse> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await api<JobStatusResponse>('GET', `/jobs/${jobId}/status`)
    if (res.status !== 200) throw new Error(`status answered ${res.status}: ${res.text}`)
    if (TERMINAL.has(res.body.status)) return res.body
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.status} after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** ai.generation.completed.v1 envelopes written to the outbox, oldest first. */
export async function generationEvents(prisma: PrismaClient, filter: { jobId?: string } = {}) {
  const rows = await prisma.outboxEvent.findMany({ where: { subject: Subjects.aiGenerationCompleted }, orderBy: { createdAt: 'asc' } })
  const events = rows.map(
    (r) =>
      r.payload as {
        id: string
        orgId: string
        actorId: string
        data: { kind: string; jobId: string | null; estimateId: string | null; writer: string; contentBlocks: Record<string, string> }
      },
  )
  return filter.jobId ? events.filter((e) => e.data.jobId === filter.jobId) : events
}
