import type * as React from 'react'
import { cn } from '../lib/utils'

export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div data-slot="skeleton" aria-hidden="true" className={cn('animate-pulse rounded-md bg-foreground/[0.07] dark:bg-foreground/10', className)} {...props} />
  )
}
