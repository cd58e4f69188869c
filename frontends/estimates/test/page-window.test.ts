import { describe, expect, it } from 'vitest'
import { pageRange, pageWindow } from '../src/pages/estimates-list/page-window'
import { resultsText } from '../src/pages/estimates-list/pagination-bar'

/** Renders the window as text: numbers and '…'. */
const w = (current: number, total: number) =>
  pageWindow(current, total)
    .map((i) => (i.type === 'page' ? String(i.page) : '…'))
    .join(' ')

describe('pageWindow (spec 000 §9)', () => {
  it('is empty without pages and a single button for one page', () => {
    expect(w(1, 0)).toBe('')
    expect(w(1, 1)).toBe('1')
  })
  it('shows every page when there are few', () => {
    expect(w(1, 5)).toBe('1 2 3 4 5')
    expect(w(3, 7)).toBe('1 2 3 4 5 6 7')
  })
  it('shows first, last and current ±2 with ellipses for gaps', () => {
    expect(w(10, 20)).toBe('1 … 8 9 10 11 12 … 20')
    expect(w(1, 20)).toBe('1 2 3 … 20')
    expect(w(20, 20)).toBe('1 … 18 19 20')
  })
  it('shows the page number instead of an ellipsis for a gap of exactly one page', () => {
    // current 5: window 3..7, the gap between 1 and 3 is only page 2
    expect(w(5, 20)).toBe('1 2 3 4 5 6 7 … 20')
    // current 16: window 14..18, the gap between 18 and 20 is only page 19
    expect(w(16, 20)).toBe('1 … 14 15 16 17 18 19 20')
    expect(w(4, 8)).toBe('1 2 3 4 5 6 7 8')
  })
  it('uses an ellipsis for a gap of two or more pages', () => {
    expect(w(6, 20)).toBe('1 … 4 5 6 7 8 … 20')
    expect(w(1, 7)).toBe('1 2 3 … 7')
  })
  it('clamps an out-of-range current page', () => {
    expect(w(99, 5)).toBe('1 2 3 4 5')
    expect(w(-3, 10)).toBe('1 2 3 … 10')
  })
  it('gives unique keys to both ellipses', () => {
    const keys = pageWindow(10, 20)
      .filter((i) => i.type === 'ellipsis')
      .map((i) => (i.type === 'ellipsis' ? i.key : ''))
    expect(new Set(keys).size).toBe(2)
  })
})

describe('pageRange and results text', () => {
  it('computes the shown range', () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20 })
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 })
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 })
  })
  it("reads 'Showing X-Y of N results' or 'No results found'", () => {
    expect(resultsText(2, 10, 35)).toBe('Showing 11-20 of 35 results')
    expect(resultsText(1, 20, 0)).toBe('No results found')
  })
})
