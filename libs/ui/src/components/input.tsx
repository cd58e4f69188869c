import * as React from 'react'
import { cn } from '../lib/utils'

export const Input = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(function Input({ className, type, ...props }, ref) {
  return (
    <input
      ref={ref}
      type={type}
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs transition-[color,box-shadow] placeholder:text-muted-foreground/80 disabled:cursor-not-allowed disabled:opacity-50',
        'outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        'file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  )
})

export const Textarea = React.forwardRef<HTMLTextAreaElement, React.TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      className={cn(
        'flex min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground/80 disabled:cursor-not-allowed disabled:opacity-50',
        'outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  )
})

/**
 * A whole number kept within [min, max] as it is typed: what reaches `onValue` is always a valid
 * setting (an emptied field counts as `min`), so a form never holds a value its API refuses.
 */
export function WholeNumberInput({
  value,
  min,
  max,
  onValue,
  className,
  ...props
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'min' | 'max' | 'onChange'> & {
  value: number
  min: number
  max: number
  onValue: (v: number) => void
}) {
  const within = (v: number) => (Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : min)
  return (
    <Input
      type="number"
      inputMode="numeric"
      className={cn('w-16', className)}
      min={min}
      max={max}
      value={value}
      onChange={(e) => onValue(within(e.target.valueAsNumber))}
      {...props}
    />
  )
}
