import * as React from 'react'
import { useSearchParams } from 'react-router'
import { applyListPatch, type ListState, parseListState, serializeListState } from './list-state'

/**
 * The list state lives in the URL: restored on load, and back/forward step through it.
 * Discrete changes push a history entry; search typing replaces (one entry per search, not per key).
 */
export function useListState() {
  const [params, setParams] = useSearchParams()
  const state = React.useMemo(() => parseListState(params), [params])
  const stateRef = React.useRef(state)
  stateRef.current = state
  const update = React.useCallback(
    (patch: Partial<ListState>, opts: { replace?: boolean } = {}) => {
      setParams(serializeListState(applyListPatch(stateRef.current, patch)), { replace: opts.replace })
    },
    [setParams],
  )
  return { state, update, params, setParams }
}
