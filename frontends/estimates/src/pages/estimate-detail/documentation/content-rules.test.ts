import { describe, expect, it } from 'vitest'
import { contentChanged, visibleToClient } from './content-rules'

describe('contentChanged', () => {
  it('saves only when the trimmed text differs', () => {
    expect(contentChanged('  Same  ', 'Same')).toBe(false)
    expect(contentChanged('New', 'Old')).toBe(true)
    expect(contentChanged('   ', null)).toBe(false)
    expect(contentChanged('Text', null)).toBe(true)
  })
})

describe('visibleToClient', () => {
  it('hides qa_notes always and other sections when showToClient is off', () => {
    expect(visibleToClient('qa_notes', true)).toBe(false)
    expect(visibleToClient('scope_of_work', false)).toBe(false)
    expect(visibleToClient('scope_of_work', true)).toBe(true)
    // Without a link row the defaults apply (showToClient true).
    expect(visibleToClient('timeline', undefined)).toBe(true)
  })
})
