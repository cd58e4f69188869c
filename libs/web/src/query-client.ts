import { QueryClient } from '@tanstack/react-query'
import { getQueryFn } from './api'

/** Spec 000 §7 defaults: no refetch interval, no refetch on focus, never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}

/** The one client shared by the shell and every remote (the package is a federation singleton). */
export const queryClient = createQueryClient()
