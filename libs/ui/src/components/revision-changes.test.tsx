import type { RevisionDiff } from '@plumbline/contracts'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { RevisionChanges } from './revision-changes'

afterEach(cleanup)

const shingles = { id: 'i1', name: 'Shingles', description: 'Architectural', quantity: '20.000', unit: 'sqft', unitCost: '100.00', totalCost: '2000.00' }
const diff: RevisionDiff = {
  changed: true,
  details: [{ field: 'projectName', before: 'Roof', after: 'Roof and gutters' }],
  sections: [
    {
      id: 's1',
      change: 'changed',
      name: 'Roofing',
      before: { name: 'Roofing', total: '2000.00' },
      after: { name: 'Roofing', total: '2880.00' },
      changed: ['total'],
      lineItems: [
        {
          id: 'i1',
          change: 'changed',
          name: 'Shingles',
          before: shingles,
          after: { ...shingles, quantity: '24.000', totalCost: '2400.00' },
          changed: ['quantity', 'totalCost'],
        },
        {
          id: 'i2',
          change: 'added',
          name: 'Gutter guards',
          before: null,
          after: { id: 'i2', name: 'Gutter guards', description: null, quantity: '40.000', unit: 'lnft', unitCost: '12.00', totalCost: '480.00' },
          changed: [],
        },
      ],
    },
  ],
  contentSections: [
    { type: 'scope_of_work', title: 'Scope of Work', change: 'changed', before: 'Replace the roof.', after: 'Replace the roof and **gutters**.' },
  ],
  phases: [],
  totals: { totalCost: { before: '10000.00', after: '10000.00' }, grandTotal: { before: '2347.00', after: '3379.68' }, changed: true },
}

describe('RevisionChanges', () => {
  it('shows the totals that moved, before → after, and only those', () => {
    render(<RevisionChanges diff={diff} />)
    const totals = screen.getByTestId('changed-totals')
    expect(within(totals).queryByText('Total estimated cost')).toBeNull()
    const grand = screen.getByTestId('changed-grandTotal')
    expect(within(grand).getByTestId('before').textContent).toBe('$2,347.00')
    expect(within(grand).getByTestId('after').textContent).toBe('$3,379.68')
    expect(grand.textContent).toContain('changed to')
  })

  it('lists line items changed (the fields that moved) and added (quantity × unit cost), and the project fields', () => {
    render(<RevisionChanges diff={diff} />)
    const [changed, added] = screen.getAllByTestId('changed-item')
    expect(changed!.dataset.change).toBe('changed')
    expect(changed!.textContent).toContain('Quantity')
    expect(changed!.textContent).toContain('20 sqft')
    expect(changed!.textContent).toContain('24 sqft')
    expect(changed!.textContent).toContain('$2,400.00')
    expect(changed!.textContent).not.toContain('Description')
    expect(added!.dataset.change).toBe('added')
    expect(added!.textContent).toContain('Added')
    expect(added!.textContent).toContain('40 lnft × $12.00 = $480.00')
    expect(screen.getByTestId('changed-section').textContent).toContain('$2,880.00')
    expect(screen.getByText('Project name')).toBeTruthy()
    expect(screen.getByText('Roof and gutters')).toBeTruthy()
  })

  it('folds an edited content section, with both texts when opened', () => {
    render(<RevisionChanges diff={diff} />)
    const content = screen.getByTestId('changed-content') as HTMLDetailsElement
    expect(content.textContent).toContain('Edited')
    fireEvent.click(within(content).getByText('Scope of Work'))
    expect(within(content).getByText('Before')).toBeTruthy()
    expect(within(content).getByText('gutters').tagName).toBe('STRONG')
  })

  it('says when two revisions show the same estimate', () => {
    render(<RevisionChanges diff={{ ...diff, changed: false, details: [], sections: [], contentSections: [], totals: { ...diff.totals, changed: false } }} />)
    expect(screen.getByText(/No changes/)).toBeTruthy()
    expect(screen.queryByTestId('revision-changes')).toBeNull()
  })
})
