import { describe, expect, it } from 'vitest'
import { contentChanged, contentPreview, shouldCollapse, visibleToClient } from './content-rules'

describe('the collapse rule', () => {
  it('collapses content longer than 500 characters', () => {
    expect(shouldCollapse('x'.repeat(500))).toBe(false)
    expect(shouldCollapse('x'.repeat(501))).toBe(true)
  })

  it('collapses content of more than 5 lines, however short', () => {
    expect(shouldCollapse('1\n2\n3\n4\n5')).toBe(false)
    expect(shouldCollapse('1\n2\n3\n4\n5\n6')).toBe(true)
    expect(shouldCollapse('1\r\n2\r\n3\r\n4\r\n5\r\n6')).toBe(true)
  })

  it('never collapses empty content', () => {
    expect(shouldCollapse('')).toBe(false)
    expect(shouldCollapse(null)).toBe(false)
  })
})

describe('contentPreview', () => {
  it('keeps the first 150 characters and marks the cut', () => {
    const long = `${'a'.repeat(149)}bcdef`
    expect(contentPreview(long)).toBe(`${'a'.repeat(149)}b…`)
    expect(contentPreview('short text')).toBe('short text')
    expect(contentPreview('y'.repeat(150))).toBe('y'.repeat(150))
  })
})

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
