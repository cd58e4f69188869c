import { ErrorCode } from '@plumbline/contracts'
import { AppError, problemFor } from '@plumbline/service-kit'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

// problemFor decides the whole answer from the error alone; express and the gateway's node:http
// path only write it out, so both render the one problem shape.
describe('problemFor', () => {
  it('answers an AppError with its status, code and headers, and reports only a 5xx', () => {
    const refused = problemFor(new AppError(429, ErrorCode.RATE_LIMITED, 'Slow down', undefined, { 'Retry-After': '3' }))
    expect(refused).toMatchObject({
      status: 429,
      headers: { 'Retry-After': '3' },
      body: { code: 'RATE_LIMITED', detail: 'Slow down', title: 'Too Many Requests' },
    })
    expect(refused.report).toBeUndefined()
    const down = new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Later')
    expect(problemFor(down).report).toBe(down)
  })

  it('lists zod issues as field errors', () => {
    const parsed = z.object({ name: z.string() }).safeParse({})
    expect(problemFor(parsed.error)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'name' }] } })
  })

  it('hides an unexpected failure behind a generic 500, logged and reported', () => {
    const boom = new Error('secret internals')
    const answer = problemFor(boom)
    expect(answer).toMatchObject({ status: 500, body: { code: 'INTERNAL' }, log: { level: 'error' }, report: boom })
    expect(JSON.stringify(answer.body)).not.toContain('secret')
  })

  it('answers 503 with Retry-After when the database is unreachable', () => {
    const answer = problemFor(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
    expect(answer).toMatchObject({ status: 503, headers: { 'Retry-After': '5' }, log: { level: 'warn' } })
    expect(answer.report).toBeInstanceOf(Error)
  })
})
