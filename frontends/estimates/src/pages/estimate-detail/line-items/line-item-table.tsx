import { cn } from '@plumbline/ui'
import type * as React from 'react'

const HEADERS = ['Item', 'Type', 'Qty', 'Unit', 'Unit Cost', 'Total'] as const
/** Fixed widths keep the columns of every section's table (and the flat list's) aligned with each other. */
const WIDTHS: Record<(typeof HEADERS)[number], string | undefined> = {
  Item: undefined,
  Type: 'w-[136px]',
  Qty: 'w-[104px]',
  Unit: 'w-[96px]',
  'Unit Cost': 'w-[124px]',
  Total: 'w-[128px]',
}
const RIGHT = new Set(['Qty', 'Unit Cost', 'Total'])

/** The line items table (spec 001 §2 columns Item, Type, Qty, Unit, Unit Cost, Total); rows are LineItemRows. */
export function LineItemTable({ readonly, children }: { readonly: boolean; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[900px] table-fixed text-sm">
        <thead>
          <tr className="border-t text-xs uppercase tracking-wider text-muted-foreground">
            {readonly ? null : <th className="w-10 pl-3" aria-label="Reorder" />}
            {HEADERS.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={cn('py-2 pr-3 font-medium', WIDTHS[h], RIGHT.has(h) ? 'text-right' : 'text-left', i === 0 && readonly && 'pl-4')}
              >
                {h}
              </th>
            ))}
            {readonly ? null : <th className="w-[84px] pr-3" aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
