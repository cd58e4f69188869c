import { randomBytes } from 'node:crypto'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// Counts HMACs: a remembered verdict answers without one.
const hmacs = vi.hoisted(() => ({ count: 0 }))
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>()
  return {
    ...crypto,
    createHmac: (...args: Parameters<typeof crypto.createHmac>) => {
      hmacs.count++
      return crypto.createHmac(...args)
    },
  }
})

// Workers share one module graph (isolate: false): an earlier file may have loaded csrf.js with
// the real node:crypto, so it is loaded afresh under the mock.
vi.resetModules()
const { csrfTokens } = await import('../src/security/csrf.js')

beforeEach(() => {
  hmacs.count = 0
})

describe('CSRF verdicts', () => {
  it('proves a token once, then answers from memory; a token of another session stays refused', () => {
    const tokens = csrfTokens(randomBytes(32))
    const token = tokens.issue('session-a')
    hmacs.count = 0
    expect(tokens.belongs(token, 'session-a')).toBe(true)
    expect(tokens.belongs(token, 'session-a')).toBe(true)
    expect(hmacs.count).toBe(1)
    expect(tokens.belongs(token, 'session-b')).toBe(false)
    expect(tokens.belongs(token, 'session-b')).toBe(false)
    expect(hmacs.count).toBe(3)
  })

  it('when full, forgets the least recently used verdict, not every verdict', () => {
    const tokens = csrfTokens(randomBytes(32), 2)
    const [a, b, c] = ['session-a', 'session-b', 'session-c'].map((s) => ({ s, token: tokens.issue(s) }))
    hmacs.count = 0
    const check = ({ s, token }: { s: string; token: string }) => expect(tokens.belongs(token, s)).toBe(true)
    check(a)
    check(b)
    check(a) // a is now the most recently used
    check(c) // full: b goes
    expect(hmacs.count).toBe(3)
    check(a)
    check(c)
    expect(hmacs.count).toBe(3)
    check(b)
    expect(hmacs.count).toBe(4)
  })
})
