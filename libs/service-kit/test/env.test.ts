import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { derivedIdentityKey, generateIdentityKeyEnv, weakSecretProblem, withProductionChecks, ZBaseEnv } from '@plumbline/service-kit'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

const ZServiceEnv = withProductionChecks(ZBaseEnv.extend({ SOME_SECRET: z.string().optional() }), { secrets: ['SOME_SECRET'] })
const ZSignerEnv = withProductionChecks(ZBaseEnv.extend({ IDENTITY_SIGNING_KEY: z.string().optional(), IDENTITY_SIGNING_KEY_FILE: z.string().optional() }), {
  signsIdentity: true,
})
const keys = generateIdentityKeyEnv()
const strong = 'q8Vd3kR0tZp2Lw7Yx1Nb5Mc9Hf4Gj6Ks'
const production = { NODE_ENV: 'production', HOST: '10.0.0.5', IDENTITY_PUBLIC_KEYS: keys.IDENTITY_PUBLIC_KEYS, SOME_SECRET: strong }
const failedPaths = (schema: z.ZodType, env: Record<string, string | undefined>) => {
  const res = schema.safeParse(env)
  return res.success ? [] : res.error.issues.map((i) => i.path.join('.'))
}

describe('production configuration gate', () => {
  it('accepts a complete production configuration', () => {
    expect(failedPaths(ZServiceEnv, production)).toEqual([])
    expect(ZServiceEnv.parse(production).HOST).toBe('10.0.0.5')
  })

  it('needs no setup in development and test, listening on loopback', () => {
    expect(ZServiceEnv.parse({}).HOST).toBe('127.0.0.1')
    expect(ZServiceEnv.parse({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1')
  })

  it('refuses production without HOST, without identity keys, or with the derived development/test keys', () => {
    expect(failedPaths(ZServiceEnv, { ...production, HOST: undefined })).toEqual(['HOST'])
    expect(failedPaths(ZServiceEnv, { ...production, IDENTITY_PUBLIC_KEYS: undefined })).toEqual(['IDENTITY_PUBLIC_KEYS'])
    for (const mode of ['development', 'test'] as const) {
      const dev = JSON.stringify({ keys: [derivedIdentityKey(mode).publicJwk] })
      expect(failedPaths(ZServiceEnv, { ...production, IDENTITY_PUBLIC_KEYS: dev })).toEqual(['IDENTITY_PUBLIC_KEYS'])
    }
    expect(failedPaths(ZServiceEnv, { ...production, IDENTITY_PUBLIC_KEYS: '{"keys":[{"kty":"oct","k":"c2VjcmV0"}]}' })).toEqual(['IDENTITY_PUBLIC_KEYS'])
  })

  it('reads the key set from a file too', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'env-keys-')), 'keys.json')
    writeFileSync(file, keys.IDENTITY_PUBLIC_KEYS)
    expect(failedPaths(ZServiceEnv, { ...production, IDENTITY_PUBLIC_KEYS: undefined, IDENTITY_PUBLIC_KEYS_FILE: file })).toEqual([])
    expect(failedPaths(ZServiceEnv, { ...production, IDENTITY_PUBLIC_KEYS: undefined, IDENTITY_PUBLIC_KEYS_FILE: `${file}.missing` })).toEqual([
      'IDENTITY_PUBLIC_KEYS',
    ])
  })

  it('refuses the gateway in production without its own signing key', () => {
    const gateway = { NODE_ENV: 'production', HOST: '0.0.0.0', IDENTITY_SIGNING_KEY: keys.IDENTITY_SIGNING_KEY }
    expect(failedPaths(ZSignerEnv, gateway)).toEqual([])
    expect(failedPaths(ZSignerEnv, { ...gateway, IDENTITY_SIGNING_KEY: undefined })).toEqual(['IDENTITY_SIGNING_KEY'])
    const devKey = derivedIdentityKey('development')
    const devJwk = JSON.stringify({ ...devKey.key.export({ format: 'jwk' }), kid: 'renamed' })
    expect(failedPaths(ZSignerEnv, { ...gateway, IDENTITY_SIGNING_KEY: devJwk })).toEqual(['IDENTITY_SIGNING_KEY'])
  })

  it('refuses demo seeding in production', () => {
    const ZSeeding = withProductionChecks(ZBaseEnv.extend({ SEED_DEMO: z.enum(['true', 'false']).transform((v) => v === 'true') }))
    expect(failedPaths(ZSeeding, { ...production, SEED_DEMO: 'true' })).toEqual(['SEED_DEMO'])
    expect(failedPaths(ZSeeding, { ...production, SEED_DEMO: 'false' })).toEqual([])
    expect(ZSeeding.parse({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
  })

  it('refuses missing, short, default and placeholder secrets', () => {
    for (const bad of [
      undefined,
      'short-secret',
      'dev-only-identity-secret-change-me-0123456789',
      'change-me-to-a-long-random-secret-of-32-chars',
      'CHANGE_ME_TO_A_LONG_RANDOM_VALUE_OF_AT_LEAST_32_CHARS',
      'changeme-changeme-changeme-changeme',
      'test-identity-secret-0123456789-abcdefghijklmnop',
      'ZGV2LW9ubHktc2hhcmUtdG9rZW4ta2V5LTMyYnl0ZXM=', // base64 of a dev-only key
      'x'.repeat(40),
      'abababababababababababababababababab',
    ]) {
      expect(weakSecretProblem(bad), String(bad)).toBeDefined()
      expect(failedPaths(ZServiceEnv, { ...production, SOME_SECRET: bad })).toEqual(['SOME_SECRET'])
    }
    expect(weakSecretProblem('Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8=')).toBeUndefined()
  })
})
