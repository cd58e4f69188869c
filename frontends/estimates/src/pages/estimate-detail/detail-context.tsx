import type { CompanySettings, Estimate } from '@plumbline/contracts'
import * as React from 'react'

export type DetailContextValue = {
  orgId: string
  estimateId: string
  estimate: Estimate
  settings: CompanySettings | undefined
  /** The in-app Client View toggle (spec 001 §6). */
  clientView: boolean
  /** Approved by the client: edits answer 409 until the contractor reopens it. */
  locked: boolean
  /** Client view or locked: every editing control is hidden. */
  readonly: boolean
}

const DetailContext = React.createContext<DetailContextValue | null>(null)

export const DetailProvider = DetailContext.Provider

export function useDetail(): DetailContextValue {
  const ctx = React.useContext(DetailContext)
  if (!ctx) throw new Error('useDetail outside the estimate detail page')
  return ctx
}
