import { describe, expect, it } from 'vitest'
import { createVersionedMemo } from '../../src/data/versioned-memo.js'

describe('versioned memo', () => {
  it('gives back what was set, with its version, and replaces an entry set again', () => {
    const memo = createVersionedMemo<string>({ maxEntries: 3 })
    memo.set('a', { version: '1', value: 'one' })
    memo.set('a', { version: '2', value: 'two' })
    expect(memo.get('a')).toMatchObject({ version: '2', value: 'two' })
    expect(memo.get('b')).toBeUndefined()
  })

  it('drops the least recently used entry past maxEntries', () => {
    const memo = createVersionedMemo<number>({ maxEntries: 2 })
    memo.set('a', { version: '1', value: 1 })
    memo.set('b', { version: '1', value: 2 })
    memo.get('a') // a is now more recent than b
    memo.set('c', { version: '1', value: 3 })
    expect(memo.get('b')).toBeUndefined()
    expect(memo.get('a')?.value).toBe(1)
    expect(memo.get('c')?.value).toBe(3)
  })

  it('keeps the sum of sizes within maxBytes and never keeps a value larger than it', () => {
    const memo = createVersionedMemo<string>({ maxEntries: 100, maxBytes: 10, sizeOf: (v) => v.length })
    memo.set('a', { version: '1', value: 'aaaa' })
    memo.set('b', { version: '1', value: 'bbbb' })
    memo.set('c', { version: '1', value: 'cccc' }) // 12 > 10: a goes
    expect(memo.get('a')).toBeUndefined()
    expect(memo.get('b')?.value).toBe('bbbb')
    memo.set('huge', { version: '1', value: 'x'.repeat(11) })
    expect(memo.get('huge')).toBeUndefined()
    expect(memo.get('c')?.value).toBe('cccc')
    memo.set('b', { version: '2', value: 'b' }) // a smaller replacement frees its old size
    memo.set('d', { version: '1', value: 'ddddd' })
    expect([memo.get('b')?.value, memo.get('c')?.value, memo.get('d')?.value]).toEqual(['b', 'cccc', 'ddddd'])
  })
})
