import { CONTENT_SECTION_TYPES, Subjects } from '@plumbline/contracts'
import type { Bus } from '@plumbline/messaging'
import {
  claimsFor,
  type ProcessTestInfra,
  type ServiceProcess,
  signedRequest,
  sparePort,
  startProcessTestInfra,
  startServiceProcess,
  uniqueId,
} from '@plumbline/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roofDocument } from '../support/fixtures.js'
import { type OpenAiTestServer, startOpenAiTestServer } from '../support/openai-test-server.js'
import { type StandIns, startStandIns } from '../support/stand-ins.js'

// A generate-all job survives its process being killed mid-run: the real service process is
// killed (SIGKILL, no clean shutdown) while the slow model is writing section 2, started again,
// and the job completes, with one result and one ai.generation.completed.v1 event, even with a
// duplicate of its message published while the restarted worker runs.

let infra: ProcessTestInfra
let bus: Bus
let standIns: StandIns
let model: OpenAiTestServer
let ai: ServiceProcess | undefined
let env: Record<string, string>
const orgId = uniqueId('org-')
const doc = roofDocument()

beforeAll(async () => {
  infra = await startProcessTestInfra('ai-restart-test')
  bus = infra.bus
  standIns = startStandIns(bus)
  standIns.addDocument(orgId, doc)
  model = await startOpenAiTestServer({ kind: 'ok', delayMs: 600 })
  env = {
    ...infra.env,
    PORT: String(await sparePort()),
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_TIMEOUT_MS: '5000',
    AI_JOB_LEASE_MS: '2000',
    AI_RETRY_BASE_MS: '50',
  }
}, 120_000)

afterAll(async () => {
  await ai?.kill()
  await model?.close()
  await standIns?.stop()
  await infra?.close()
})

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: infra.db.url })
  await client.connect()
  try {
    return (await client.query<T>(sql, values)).rows
  } finally {
    await client.end()
  }
}

describe('a job killed mid-run', () => {
  it('completes after the service restarts, once', async () => {
    ai = await startServiceProcess('ai', env, 'first')
    const api = (method: string, path: string) => signedRequest(ai!.base, claimsFor(orgId), method, `/organizations/${orgId}${path}`)
    const start = await api('POST', `/estimates/${doc.estimate.id}/generate-all-content`)
    expect(start.status, start.text).toBe(202)
    const { jobId } = start.body as { jobId: string }

    await model.waitForRequests(2)
    await ai.kill('SIGKILL')
    const [midRun] = await query<{ status: string; attempts: number }>('SELECT status, attempts FROM ai.ai_jobs WHERE id = $1', [jobId])
    expect(midRun).toEqual({ status: 'running', attempts: 1 })

    ai = await startServiceProcess('ai', env, 'second')
    // While the restarted worker runs the job, a duplicate of its message arrives.
    const [requested] = await query<{ payload: unknown }>(`SELECT payload FROM ai.outbox_events WHERE subject = 'ai.job.requested.v1'`)
    await model.waitForRequests(3, 30_000)
    await bus.js.publish(bus.subject('ai.job.requested.v1'), JSON.stringify(requested.payload))

    const deadline = Date.now() + 45_000
    let status: { status: string; result: { contentBlocks: Record<string, string> } | null } = { status: 'running', result: null }
    while (Date.now() < deadline) {
      status = (await api('GET', `/jobs/${jobId}/status`)).body
      if (status.status !== 'running' && status.status !== 'queued') break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(status.status).toBe('completed')
    expect(Object.keys(status.result!.contentBlocks).sort()).toEqual([...CONTENT_SECTION_TYPES].sort())

    // Give the duplicate time to be handled too, then count.
    await new Promise((r) => setTimeout(r, 2500))
    const [row] = await query<{ status: string; attempts: number }>('SELECT status, attempts FROM ai.ai_jobs WHERE id = $1', [jobId])
    expect(row).toEqual({ status: 'completed', attempts: 2 })
    const events = await query<{ published: boolean }>(
      `SELECT published_at IS NOT NULL AS published FROM ai.outbox_events WHERE subject = $1 AND payload->'data'->>'jobId' = $2`,
      [Subjects.aiGenerationCompleted, jobId],
    )
    expect(events).toEqual([{ published: true }])
    const stream = await bus.jsm.streams.info(`${infra.prefix.toUpperCase()}_AI`, { subjects_filter: bus.subject(Subjects.aiGenerationCompleted) })
    expect(stream.state.subjects?.[bus.subject(Subjects.aiGenerationCompleted)]).toBe(1)
  }, 120_000)
})
