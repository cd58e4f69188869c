import { toast } from '@plumbline/ui'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { serverMessageOr } from '../company/data/errors'
import { refreshCatalog } from './catalog-api'

/**
 * One settings change: on success refresh both lists and say so; on failure a destructive toast
 * titled Error with the server's message, else the spec's fallback (001 §8, "Failed to …").
 */
export function useCatalogAction<V, R>(orgId: string, run: (vars: V) => Promise<R>, failure: string, success?: (result: R, vars: V) => string) {
  return useSettingsAction((qc) => refreshCatalog(qc, orgId), run, failure, success)
}

/** The same for any settings tab: `refresh` names the lists the change touches. */
export function useSettingsAction<V, R>(
  refresh: (qc: QueryClient) => void,
  run: (vars: V) => Promise<R>,
  failure: string,
  success?: (result: R, vars: V) => string,
) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (result, vars) => {
      refresh(qc)
      const description = success?.(result, vars)
      if (description) toast({ variant: 'success', title: 'Saved', description })
    },
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(err, failure) }),
  })
}
