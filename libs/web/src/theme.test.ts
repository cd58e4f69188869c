import { describe, expect, it } from 'vitest'
import { resolveTheme } from './theme'

describe('theme', () => {
  it('system follows the OS preference, explicit themes win', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })
})
