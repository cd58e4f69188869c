import { QueryClientProvider } from '@tanstack/react-query'
import type * as React from 'react'
import { queryClient } from './query-client'
import { ThemeProvider } from './theme'

/** Query client + theme. The shell mounts it once; remotes running standalone mount their own. */
export function WebProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  )
}
