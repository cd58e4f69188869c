import { Loader2 } from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/utils'

export function Spinner({ className, label = 'Loading', ...props }: React.SVGAttributes<SVGSVGElement> & { label?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex">
      <Loader2 className={cn('size-5 animate-spin text-primary', className)} aria-hidden="true" {...props} />
      <span className="sr-only">{label}</span>
    </span>
  )
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-screen w-full items-center justify-center bg-background">
      <Spinner className="size-8" label={label} />
    </div>
  )
}
