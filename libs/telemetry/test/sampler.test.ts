// Trace sampling: parent-based, new traces at OTEL_TRACES_SAMPLER_RATIO; unset, a tenth in
// production (about ten spans per request per service make full sampling costly) and all elsewhere.
import { describe, expect, it } from 'vitest'
import { samplerFromEnv } from '../src/index.ts'

const ratioOf = (sampler: ReturnType<typeof samplerFromEnv>) => Number(/TraceIdRatioBased\{([\d.]+)\}/.exec(sampler.toString())?.[1])

describe('samplerFromEnv', () => {
  it('keeps a tenth of new traces in production, and follows the parent', () => {
    const sampler = samplerFromEnv(undefined, 'production')
    expect(sampler.toString()).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0\.1\}/)
    expect(ratioOf(samplerFromEnv('', 'production'))).toBe(0.1)
  })

  it('keeps every trace in development and tests', () => {
    expect(ratioOf(samplerFromEnv(undefined, 'development'))).toBe(1)
    expect(ratioOf(samplerFromEnv(undefined, undefined))).toBe(1)
  })

  it('takes OTEL_TRACES_SAMPLER_RATIO when set, clamped to 0..1; a value that is not a number falls back to the default', () => {
    expect(ratioOf(samplerFromEnv('0.25', 'production'))).toBe(0.25)
    expect(ratioOf(samplerFromEnv('1', 'production'))).toBe(1)
    expect(ratioOf(samplerFromEnv('7', 'development'))).toBe(1)
    expect(ratioOf(samplerFromEnv('-1', 'development'))).toBe(0)
    expect(ratioOf(samplerFromEnv('lots', 'production'))).toBe(0.1)
  })
})
