import { type Bus, consumerName, streamName } from '@plumbline/messaging'
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JOB_WORKER_DURABLE } from '../../src/events/subjects.js'
import { roofDocument } from '../support/fixtures.js'
import { type OpenAiTestServer, startOpenAiTestServer } from '../support/openai-test-server.js'
import { type StandIns, startStandIns } from '../support/stand-ins.js'

// Replicas add throughput: two processes with AI_WORKER_CONCURRENCY=1 share the worker's durable
// consumer and run two jobs at the same time. With max_ack_pending equal to one process's
// concurrency (as before), the second job waited for the first whatever the replica count.

let infra: ProcessTestInfra
let bus: Bus
let standIns: StandIns
let model: OpenAiTestServer
const replicas: ServiceProcess[] = []
const orgs = [uniqueId('org-'), uniqueId('org-')]
const docs = orgs.map(() => roofDocument({ id: crypto.randomUUID() }))

beforeAll(async () => {
  infra = await startProcessTestInfra('ai-replicas-test')
  bus = infra.bus
  standIns = startStandIns(bus)
  for (const [i, orgId] of orgs.entries()) standIns.addDocument(orgId, docs[i])
  model = await startOpenAiTestServer({ kind: 'ok', delayMs: 1500 })
  const base = {
    ...infra.env,
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_TIMEOUT_MS: '10000',
    AI_WORKER_CONCURRENCY: '1',
  }
  // One after the other: both apply the same migrations and consumer config at start-up.
  for (const label of ['replica-a', 'replica-b']) replicas.push(await startServiceProcess('ai', { ...base, PORT: String(await sparePort()) }, label))
}, 120_000)

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.kill()))
  await model?.close()
  await standIns?.stop()
  await infra?.close()
})

describe('AI job workers on two replicas', () => {
  it('run two jobs at once, one per replica', async () => {
    const consumer = () => bus.jsm.consumers.info(streamName(bus.prefix, 'ai'), consumerName(bus.prefix, JOB_WORKER_DURABLE))
    expect((await consumer()).config.max_ack_pending).toBeGreaterThanOrEqual(2)

    for (const [i, orgId] of orgs.entries()) {
      const start = await signedRequest(
        replicas[i].base,
        claimsFor(orgId),
        'POST',
        `/organizations/${orgId}/estimates/${docs[i].estimate.id}/generate-all-content`,
      )
      expect(start.status, start.text).toBe(202)
    }
    let mostInFlight = 0
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline && mostInFlight < 2) {
      mostInFlight = Math.max(mostInFlight, (await consumer()).num_ack_pending)
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(mostInFlight).toBe(2)
  }, 90_000)
})
