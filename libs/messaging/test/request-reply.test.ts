import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { type Bus, type CodedError, codedError, type Replier, reply, request } from '../src/index.js'
import { testBus, testPrefix } from './helpers.js'

const ZSum = z.object({ sum: z.number() })

describe('request/reply', { timeout: 30_000 }, () => {
  let bus: Bus
  const repliers: Replier[] = []

  beforeAll(async () => {
    bus = await testBus(testPrefix())
    const ZAdd = z.object({ a: z.number(), b: z.number() })
    repliers.push(reply(bus, 'rpc.calc.add', async ({ a, b }) => ({ sum: a + b }), ZAdd))
    repliers.push(
      reply(bus, 'rpc.admin.quota.check', async (data: { orgId: string }) => {
        throw codedError('QUOTA_EXCEEDED', `organization ${data.orgId} used its monthly AI quota`)
      }),
    )
    repliers.push(
      reply(bus, 'rpc.calc.crash', async () => {
        throw new Error('null pointer somewhere')
      }),
    )
    repliers.push(reply(bus, 'rpc.calc.slow', () => new Promise((r) => setTimeout(() => r('late'), 1_000))))
    await bus.nc.flush()
  }, 30_000)

  afterAll(async () => {
    await Promise.all(repliers.map((r) => r.stop()))
    await bus?.close()
  })

  const rejection = async (p: Promise<unknown>): Promise<CodedError> => {
    try {
      await p
    } catch (err) {
      return err as CodedError
    }
    throw new Error('expected a rejection')
  }

  test('round trip', async () => {
    await expect(request(bus, 'rpc.calc.add', { a: 2, b: 3 }, { schema: ZSum })).resolves.toEqual({ sum: 5 })
  })

  test('a coded handler error reaches the caller with its code', async () => {
    const err = await rejection(request(bus, 'rpc.admin.quota.check', { orgId: 'o1' }, { schema: z.unknown() }))
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe('QUOTA_EXCEEDED')
    expect(err.message).toBe('organization o1 used its monthly AI quota')
  })

  test('an uncoded handler error is INTERNAL; invalid input is VALIDATION_FAILED', async () => {
    const internal = await rejection(request(bus, 'rpc.calc.crash', {}, { schema: z.unknown() }))
    expect(internal.code).toBe('INTERNAL')
    expect(internal.message).toBe('null pointer somewhere')
    const invalid = await rejection(request(bus, 'rpc.calc.add', { a: 'two' }, { schema: ZSum }))
    expect(invalid.code).toBe('VALIDATION_FAILED')
  })

  test("an answer that does not match the reply's schema is INVALID_REPLY, never passed on", async () => {
    const err = await rejection(request(bus, 'rpc.calc.add', { a: 2, b: 3 }, { schema: z.object({ sum: z.string() }) }))
    expect(err.code).toBe('INVALID_REPLY')
    expect(err.message).toMatch(/reply to rpc\.calc\.add does not match its contract/)
    await expect(request(bus, 'rpc.calc.add', { a: 2, b: 3 }, { schema: ZSum.transform((r) => r.sum * 10) })).resolves.toBe(50)
  })

  test('a slow replier times out as SERVICE_UNAVAILABLE', async () => {
    const started = Date.now()
    const err = await rejection(request(bus, 'rpc.calc.slow', {}, { schema: z.unknown(), timeoutMs: 200 }))
    expect(err.code).toBe('SERVICE_UNAVAILABLE')
    expect(err.message).toMatch(/no reply to rpc\.calc\.slow within 200 ms/)
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  test('nobody listening is SERVICE_UNAVAILABLE at once', async () => {
    const started = Date.now()
    const err = await rejection(request(bus, 'rpc.nobody.home', {}, { schema: z.unknown(), timeoutMs: 5_000 }))
    expect(err.code).toBe('SERVICE_UNAVAILABLE')
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  test('requests are isolated by bus prefix', async () => {
    const other = await testBus(testPrefix())
    try {
      const err = await rejection(request(other, 'rpc.calc.add', { a: 1, b: 1 }, { schema: ZSum, timeoutMs: 300 }))
      expect(err.code).toBe('SERVICE_UNAVAILABLE')
    } finally {
      await other.close()
    }
  })

  test('replicas share a queue group: each request is answered once', async () => {
    let calls = 0
    const extra = [1, 2, 3].map(() => reply(bus, 'rpc.calc.count', async () => ++calls))
    await bus.nc.flush()
    for (let i = 0; i < 10; i++) await request(bus, 'rpc.calc.count', null, { schema: z.unknown() })
    await Promise.all(extra.map((r) => r.stop()))
    expect(calls).toBe(10)
  })
})
