import * as ProgressPrimitive from '@radix-ui/react-progress'
import * as React from 'react'
import { cn } from '../lib/utils'

/** Spec 000 §5: only a positive maximum is accepted and the value is kept within 0..max. */
export function normalizeProgress(value: number | null | undefined, max: number | null | undefined = 100): { value: number; max: number; percent: number } {
  const m = typeof max === 'number' && Number.isFinite(max) && max > 0 ? max : 100
  const v = typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), m) : 0
  return { value: v, max: m, percent: (v / m) * 100 }
}

export const Progress = React.forwardRef<
  React.ComponentRef<typeof ProgressPrimitive.Root>,
  Omit<React.ComponentPropsWithoutRef<typeof ProgressPrimitive.Root>, 'value' | 'max'> & {
    value?: number | null
    max?: number
    indicatorClassName?: string
  }
>(function Progress({ className, value, max, indicatorClassName, ...props }, ref) {
  const n = normalizeProgress(value, max)
  return (
    <ProgressPrimitive.Root
      ref={ref}
      value={n.value}
      max={n.max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full w-full flex-1 rounded-full bg-primary transition-transform duration-300', indicatorClassName)}
        style={{ transform: `translateX(-${100 - n.percent}%)` }}
      />
    </ProgressPrimitive.Root>
  )
})
