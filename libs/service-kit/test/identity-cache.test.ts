import type { JWTVerifyGetKey } from 'jose'
import { describe, expect, it } from 'vitest'
import { generateIdentityKeyEnv, identityKeySet, identityVerifier, parseSigningKey, signIdentity } from '../src/index.js'

const keysEnv = generateIdentityKeyEnv()
const signingKey = parseSigningKey(keysEnv.IDENTITY_SIGNING_KEY)

/** The key set the verifier reads, counting how often it is asked (once per token actually verified). */
function countingKeys() {
  const keys = identityKeySet({ inline: keysEnv.IDENTITY_PUBLIC_KEYS, mode: 'test' })
  let lookups = 0
  const getKey: JWTVerifyGetKey = (header, token) => {
    lookups++
    return keys.getKey(header, token)
  }
  return { keys: { ...keys, getKey }, lookups: () => lookups }
}

const tokenFor = (sub: string) => signIdentity({ sub, email: `${sub}@example.test`, systemRole: 'user' }, signingKey)

describe('identityVerifier cache', () => {
  it('verifies a token once while it is remembered', async () => {
    const { keys, lookups } = countingKeys()
    const verify = identityVerifier(keys)
    const token = await tokenFor('user-a')
    expect((await verify(token)).sub).toBe('user-a')
    expect((await verify(token)).sub).toBe('user-a')
    expect(lookups()).toBe(1)
  })

  it('when full, forgets the least recently used token, not every token', async () => {
    const { keys, lookups } = countingKeys()
    const verify = identityVerifier(keys, 2)
    const [a, b, c] = await Promise.all(['user-a', 'user-b', 'user-c'].map(tokenFor))
    await verify(a)
    await verify(b)
    await verify(a) // a is now the most recently used
    await verify(c) // full: b goes
    expect(lookups()).toBe(3)
    await verify(a)
    await verify(c)
    expect(lookups()).toBe(3)
    await verify(b)
    expect(lookups()).toBe(4)
  })

  it('still refuses a tampered token after its original was remembered', async () => {
    const { keys } = countingKeys()
    const verify = identityVerifier(keys)
    const token = await tokenFor('user-a')
    await verify(token)
    await expect(verify(`${token.slice(0, -2)}xx`)).rejects.toThrow()
  })
})
