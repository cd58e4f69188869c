import { randomBytes } from 'node:crypto'
import { productionBaseEnv } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { containsPattern } from '../../src/data/list-estimates-query.js'
import { budgetImbalanceMessage, enabledPercentageTotal, isBalanced } from '../../src/domain/budget.js'
import { csvCell, parseCsv, toCsv, uncsvText } from '../../src/domain/csv.js'
import { createShareTokenCrypto, looksLikeShareToken } from '../../src/domain/share-token-crypto.js'
import { DEV_SHARE_TOKEN_KEY, ZEstimatesEnv } from '../../src/env.js'
import { stableId } from '../../src/seed/stable-id.js'

describe('budget', () => {
  it('balanced within 0.1 of 100, counting enabled phases only', () => {
    const phases = [
      { percentage: '60.00', isEnabled: true },
      { percentage: '40.05', isEnabled: true },
      { percentage: '99', isEnabled: false },
    ]
    expect(enabledPercentageTotal(phases)).toBe('100.05')
    expect(isBalanced('100.05')).toBe(true)
    expect(isBalanced('100.10')).toBe(true)
    expect(isBalanced('99.90')).toBe(true)
    expect(isBalanced('100.11')).toBe(false)
    expect(isBalanced('99.89')).toBe(false)
    expect(budgetImbalanceMessage('120.00')).toContain('over-allocated by 20.00%')
    expect(budgetImbalanceMessage('80.00')).toContain('leaving 20.00% unallocated')
  })
})

describe('csv', () => {
  it('parses quotes, doubled quotes, embedded newlines, CRLF and a BOM', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n"multi\nline",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', ''],
    ])
    expect(parseCsv('a,b')).toEqual([['a', 'b']])
    expect(() => parseCsv('a\n"open')).toThrow('Unclosed quote starting on line 2')
  })

  it('quotes when needed and guards against spreadsheet formulas, reversibly', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell(' padded')).toBe('" padded"')
    expect(csvCell('=SUM(A1)', { text: true })).toBe("'=SUM(A1)")
    expect(csvCell('-5', { text: false })).toBe('-5')
    expect(uncsvText("'=SUM(A1)")).toBe('=SUM(A1)')
    expect(uncsvText("'quoted")).toBe("'quoted")
    const rows = [
      ['Section', 'Item'],
      [csvCell('x,"y"', { text: true }), csvCell('@cmd', { text: true })],
    ]
    expect(parseCsv(toCsv(rows)).map((r) => r.map(uncsvText))).toEqual([
      ['Section', 'Item'],
      ['x,"y"', '@cmd'],
    ])
  })
})

describe('share tokens', () => {
  const crypto = createShareTokenCrypto(DEV_SHARE_TOKEN_KEY)
  it('generate URL-safe tokens, hash to sha256 hex, and decrypt what they encrypt', () => {
    const token = crypto.generate()
    expect(looksLikeShareToken(token)).toBe(true)
    expect(crypto.hash(token)).toMatch(/^[0-9a-f]{64}$/)
    const c1 = crypto.encrypt(token)
    expect(c1).not.toContain(token)
    expect(crypto.encrypt(token)).not.toBe(c1) // fresh IV each time
    expect(crypto.decrypt(c1)).toBe(token)
  })

  it('refuse tampered, malformed or foreign ciphertexts', () => {
    const c = crypto.encrypt(crypto.generate())
    const parts = c.split('.')
    expect(crypto.decrypt([parts[0], parts[1], parts[2], `${parts[3].slice(0, -2)}AA`].join('.'))).toBeNull()
    expect(crypto.decrypt('garbage')).toBeNull()
    const other = createShareTokenCrypto(Buffer.alloc(32, 7).toString('base64'))
    expect(other.decrypt(c)).toBeNull()
    expect(() => createShareTokenCrypto('c2hvcnQ=')).toThrow()
  })
})

describe('misc', () => {
  it('search patterns escape LIKE wildcards', () => {
    expect(containsPattern('100%_\\X')).toBe('%100\\%\\_\\\\x%')
  })
  it('stable ids are deterministic UUIDs', () => {
    expect(stableId('a')).toBe(stableId('a'))
    expect(stableId('a')).not.toBe(stableId('b'))
    expect(stableId('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
  it('env: production needs its own share-token key; keys must be 32 bytes', () => {
    expect(ZEstimatesEnv.safeParse(productionBaseEnv()).success).toBe(false)
    expect(ZEstimatesEnv.safeParse({ ...productionBaseEnv(), SHARE_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64') }).success).toBe(false)
    expect(ZEstimatesEnv.safeParse({ ...productionBaseEnv(), SHARE_TOKEN_KEY: randomBytes(32).toString('base64') }).success).toBe(true)
    expect(ZEstimatesEnv.safeParse({ SHARE_TOKEN_KEY: 'c2hvcnQ=' }).success).toBe(false)
    expect(ZEstimatesEnv.parse({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
    expect(ZEstimatesEnv.parse({}).PORT).toBe(4002)
  })
})
