import { ZStrongPassword } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { burnPasswordCheck, generateTemporaryPassword, hashPassword, verifyPassword } from '../../src/domain/passwords.js'
import { generateSessionId, generateToken, hashToken } from '../../src/domain/tokens.js'

describe('passwords', () => {
  it('hashes with argon2id (OWASP parameters) and verifies', async () => {
    const hash = await hashPassword('Correct-Horse-1')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(hash, 'Correct-Horse-1')).toBe(true)
    expect(await verifyPassword(hash, 'correct-horse-1')).toBe(false)
  })

  it('a malformed stored hash is a failed check, not an exception', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false)
    await expect(burnPasswordCheck('anything')).resolves.toBeUndefined()
  })

  it('temporary passwords pass the registration rules and differ', () => {
    const many = Array.from({ length: 200 }, () => generateTemporaryPassword())
    for (const p of many) expect(ZStrongPassword.safeParse(p).success).toBe(true)
    expect(new Set(many).size).toBe(many.length)
  })
})

describe('tokens', () => {
  it('are 256-bit base64url and hash to sha256 hex', () => {
    const t = generateToken()
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(t, 'base64url')).toHaveLength(32)
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(t)).toBe(hashToken(t))
    expect(generateToken()).not.toBe(t)
    expect(generateSessionId()).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
