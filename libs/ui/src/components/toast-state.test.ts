import { describe, expect, it } from 'vitest'
import { normalizeProgress } from './progress'
import {
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
  TOAST_VIEWPORT_MAX_WIDTH,
  toastReducer,
} from './toast-state'
import { TOOLTIP_DELAY_DURATION, TOOLTIP_SKIP_DELAY_DURATION } from './tooltip'

describe('toast constants (spec 000 §9)', () => {
  it('match the spec', () => {
    expect(TOAST_LIMIT).toBe(1)
    expect(TOAST_DURATION).toBe(5000)
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000)
    expect(TOAST_SWIPE_DIRECTION).toBe('right')
    expect(TOAST_SWIPE_THRESHOLD).toBe(50)
    expect(TOAST_VIEWPORT_MAX_WIDTH).toBe(420)
    expect(TOOLTIP_DELAY_DURATION).toBe(700)
    expect(TOOLTIP_SKIP_DELAY_DURATION).toBe(300)
  })
})

describe('toastReducer', () => {
  it('keeps only the newest toast', () => {
    let s = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'a', open: true } })
    s = toastReducer(s, { type: 'ADD_TOAST', toast: { id: '2', title: 'b', open: true } })
    expect(s.toasts.map((t) => t.id)).toEqual(['2'])
  })
  it('updates, dismisses and removes', () => {
    let s = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'a', open: true } })
    s = toastReducer(s, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'z' } })
    expect(s.toasts[0]!.title).toBe('z')
    s = toastReducer(s, { type: 'DISMISS_TOAST', toastId: '1' })
    expect(s.toasts[0]!.open).toBe(false)
    s = toastReducer(s, { type: 'REMOVE_TOAST', toastId: '1' })
    expect(s.toasts).toEqual([])
  })
  it('dismisses and removes all without an id', () => {
    let s = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', open: true } })
    s = toastReducer(s, { type: 'DISMISS_TOAST' })
    expect(s.toasts.every((t) => t.open === false)).toBe(true)
    expect(toastReducer(s, { type: 'REMOVE_TOAST' }).toasts).toEqual([])
  })
})

describe('normalizeProgress', () => {
  it('accepts only a positive max and clamps the value to 0..max', () => {
    expect(normalizeProgress(50, 200)).toEqual({ value: 50, max: 200, percent: 25 })
    expect(normalizeProgress(-5, 10).value).toBe(0)
    expect(normalizeProgress(15, 10)).toMatchObject({ value: 10, percent: 100 })
    expect(normalizeProgress(5, 0).max).toBe(100)
    expect(normalizeProgress(5, -3).max).toBe(100)
    expect(normalizeProgress(null).value).toBe(0)
  })
})
