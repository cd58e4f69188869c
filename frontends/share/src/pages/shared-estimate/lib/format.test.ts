import { describe, expect, it } from 'vitest'
import { preview, shortHash, shouldCollapse } from './format'

describe('public page display rules', () => {
  it('collapses long sections with a 150 character preview', () => {
    expect(shouldCollapse('a'.repeat(501))).toBe(true)
    expect(shouldCollapse('1\n2\n3\n4\n5\n6')).toBe(true)
    expect(shouldCollapse('1\n2\n3\n4\n5')).toBe(false)
    expect(preview('b'.repeat(200))).toBe(`${'b'.repeat(150)}…`)
  })

  it('shortens the snapshot hash', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab')
    expect(shortHash(null)).toBe('')
  })
})
