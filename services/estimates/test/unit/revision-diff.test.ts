import type { RevisionDiff, RevisionLineItem } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { diffRevisions, type RevisionSection, type RevisionSnapshot } from '../../src/domain/revision-diff.js'

const item = (id: string, over: Partial<RevisionLineItem> = {}): RevisionLineItem => ({
  id,
  name: `Item ${id}`,
  description: null,
  quantity: '1.000',
  unit: 'each',
  unitCost: '10.00',
  totalCost: '10.00',
  ...over,
})
const section = (id: string, lineItems: RevisionLineItem[], over: Partial<RevisionSection> = {}): RevisionSection => ({
  id,
  name: `Section ${id}`,
  total: lineItems.reduce((sum, i) => sum + Number(i.totalCost), 0).toFixed(2),
  lineItems,
  ...over,
})

const base: RevisionSnapshot = {
  projectName: 'Roof',
  clientName: 'Jane',
  propertyAddress: '12 Elm St',
  squareFootage: 1800,
  projectType: 'Roofing',
  totalCost: '10000.00',
  grandTotal: '30.00',
  contentSections: [
    { type: 'executive_summary', title: 'Executive Summary', content: 'A new roof.' },
    { type: 'scope_of_work', title: 'Scope of Work', content: 'Tear off, install.' },
  ],
  phases: [{ id: 'p1', name: 'Demolition', description: null, amount: '2000.00', percentage: '20.00' }],
  sections: [section('s1', [item('a'), item('b')]), section('s2', [item('c')])],
}

const with_ = (over: Partial<RevisionSnapshot>): RevisionSnapshot => ({ ...base, ...over })
const nothing: Omit<RevisionDiff, 'changed' | 'totals'> = { details: [], sections: [], contentSections: [], phases: [] }
const sameTotals = { totalCost: { before: '10000.00', after: '10000.00' }, grandTotal: { before: '30.00', after: '30.00' }, changed: false }

type Case = { name: string; after: RevisionSnapshot; expected: Partial<RevisionDiff> }

const cases: Case[] = [
  { name: 'identical snapshots', after: structuredClone(base), expected: { changed: false, ...nothing, totals: sameTotals } },
  {
    name: "a line item's quantity (and so its total, the section's and the grand total)",
    after: with_({
      grandTotal: '50.00',
      sections: [section('s1', [item('a', { quantity: '3.000', totalCost: '30.00' }), item('b')]), section('s2', [item('c')])],
    }),
    expected: {
      changed: true,
      sections: [
        {
          id: 's1',
          change: 'changed',
          name: 'Section s1',
          before: { name: 'Section s1', total: '20.00' },
          after: { name: 'Section s1', total: '40.00' },
          changed: ['total'],
          lineItems: [
            {
              id: 'a',
              change: 'changed',
              name: 'Item a',
              before: item('a'),
              after: item('a', { quantity: '3.000', totalCost: '30.00' }),
              changed: ['quantity', 'totalCost'],
            },
          ],
        },
      ],
      totals: { totalCost: { before: '10000.00', after: '10000.00' }, grandTotal: { before: '30.00', after: '50.00' }, changed: true },
    },
  },
  {
    name: "a line item's unit cost, description and name",
    after: with_({
      sections: [section('s1', [item('a'), item('b', { name: 'Copper gutter', description: '6 inch', unitCost: '12.50' })]), section('s2', [item('c')])],
    }),
    expected: {
      sections: [
        expect.objectContaining({
          id: 's1',
          change: 'changed',
          changed: [],
          lineItems: [expect.objectContaining({ id: 'b', change: 'changed', name: 'Copper gutter', changed: ['name', 'description', 'unitCost'] })],
        }),
      ],
    },
  },
  {
    name: 'a line item added and one removed',
    after: with_({ sections: [section('s1', [item('b'), item('d', { name: 'Gutter guard' })]), section('s2', [item('c')])] }),
    expected: {
      sections: [
        expect.objectContaining({
          id: 's1',
          change: 'changed',
          changed: [],
          lineItems: [
            { id: 'd', change: 'added', name: 'Gutter guard', before: null, after: item('d', { name: 'Gutter guard' }), changed: [] },
            { id: 'a', change: 'removed', name: 'Item a', before: item('a'), after: null, changed: [] },
          ],
        }),
      ],
    },
  },
  {
    name: 'a section added (its items added) and one removed (its items removed)',
    after: with_({ sections: [section('s1', [item('a'), item('b')]), section('s3', [item('e')], { name: 'Gutters' })] }),
    expected: {
      sections: [
        {
          id: 's3',
          change: 'added',
          name: 'Gutters',
          before: null,
          after: { name: 'Gutters', total: '10.00' },
          changed: [],
          lineItems: [expect.objectContaining({ id: 'e', change: 'added' })],
        },
        {
          id: 's2',
          change: 'removed',
          name: 'Section s2',
          before: { name: 'Section s2', total: '10.00' },
          after: null,
          changed: [],
          lineItems: [expect.objectContaining({ id: 'c', change: 'removed' })],
        },
      ],
    },
  },
  {
    name: 'a section renamed',
    after: with_({ sections: [section('s1', [item('a'), item('b')], { name: 'Tear-off' }), section('s2', [item('c')])] }),
    expected: { sections: [expect.objectContaining({ id: 's1', change: 'changed', name: 'Tear-off', changed: ['name'], lineItems: [] })] },
  },
  {
    name: 'content sections edited, added and removed',
    after: with_({
      contentSections: [
        { type: 'executive_summary', title: 'Executive Summary', content: 'A new copper roof.' },
        { type: 'timeline', title: 'Timeline', content: 'Two weeks.' },
      ],
    }),
    expected: {
      contentSections: [
        { type: 'executive_summary', title: 'Executive Summary', change: 'changed', before: 'A new roof.', after: 'A new copper roof.' },
        { type: 'timeline', title: 'Timeline', change: 'added', before: null, after: 'Two weeks.' },
        { type: 'scope_of_work', title: 'Scope of Work', change: 'removed', before: 'Tear off, install.', after: null },
      ],
    },
  },
  {
    name: "the estimate's own fields and total",
    after: with_({ projectName: 'Roof and gutters', squareFootage: null, totalCost: '12000.00' }),
    expected: {
      details: [
        { field: 'projectName', before: 'Roof', after: 'Roof and gutters' },
        { field: 'squareFootage', before: '1800', after: null },
      ],
      totals: { totalCost: { before: '10000.00', after: '12000.00' }, grandTotal: { before: '30.00', after: '30.00' }, changed: true },
    },
  },
  {
    name: 'phases changed, added and removed',
    after: with_({ phases: [{ id: 'p2', name: 'Install', description: 'Shingles', amount: '8000.00', percentage: '80.00' }] }),
    expected: {
      phases: [expect.objectContaining({ id: 'p2', change: 'added', before: null }), expect.objectContaining({ id: 'p1', change: 'removed', after: null })],
    },
  },
  {
    name: 'itemising switched off (sections null): every item removed, the grand total gone',
    after: with_({ sections: null, grandTotal: null }),
    expected: {
      sections: [expect.objectContaining({ id: 's1', change: 'removed' }), expect.objectContaining({ id: 's2', change: 'removed' })],
      totals: { totalCost: { before: '10000.00', after: '10000.00' }, grandTotal: { before: '30.00', after: null }, changed: true },
    },
  },
]

describe('diffRevisions', () => {
  it.each(cases)('$name', ({ after, expected }) => {
    const diff = diffRevisions(base, after)
    expect(diff).toMatchObject(expected)
    // Only what moved is listed.
    for (const key of ['details', 'sections', 'contentSections', 'phases'] as const) {
      if (!(key in expected)) expect(diff[key], key).toEqual([])
    }
    expect(diff.changed).toBe(cases[0]!.after !== after)
  })

  it('reads the other way round as the opposite changes', () => {
    const after = with_({ sections: [section('s1', [item('a', { quantity: '2.000', totalCost: '20.00' })])], grandTotal: '20.00' })
    const back = diffRevisions(after, base)
    expect(back.sections.map((s) => [s.id, s.change, s.lineItems.map((i) => [i.id, i.change])])).toEqual([
      [
        's1',
        'changed',
        [
          ['a', 'changed'],
          ['b', 'added'],
        ],
      ],
      ['s2', 'added', [['c', 'added']]],
    ])
    expect(back.totals.grandTotal).toEqual({ before: '20.00', after: '30.00' })
  })

  it('matches by id, so a renamed item is a change and not a removal plus an addition', () => {
    const after = with_({ sections: [section('s1', [item('a', { name: 'Renamed' }), item('b')]), section('s2', [item('c')])] })
    const [s1] = diffRevisions(base, after).sections
    expect(s1!.lineItems).toEqual([expect.objectContaining({ id: 'a', change: 'changed', changed: ['name'] })])
  })
})
