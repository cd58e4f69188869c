import { describe, expect, it } from 'vitest'
import { shortHash } from './format'

describe('public page display rules', () => {
  it('shortens the snapshot hash', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab')
    expect(shortHash(null)).toBe('')
  })
})
