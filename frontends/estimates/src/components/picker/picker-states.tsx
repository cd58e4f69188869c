import { cn, placeholderKeys, Skeleton } from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'
import { AlertCircle, Lock } from 'lucide-react'

/** Spec 000 §2 picker states: no organisation, loading (4 skeletons), load error, empty. */
export const AUTH_REQUIRED_TEXT = 'Authentication required. Please refresh the page to authenticate.'
export const REFRESH_OR_SUPPORT_TEXT = 'Please refresh the page or contact support.'

export function PickerAuthRequired() {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <Lock className="mt-0.5 size-4 shrink-0" />
      {AUTH_REQUIRED_TEXT}
    </div>
  )
}

export function PickerSkeletons({ className, itemClassName }: { className?: string; itemClassName?: string }) {
  return (
    <div className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2', className)} role="status" aria-busy="true" aria-label="Loading">
      {placeholderKeys(4).map((key) => (
        <Skeleton key={key} data-testid="picker-skeleton" className={cn('h-20 rounded-lg', itemClassName)} />
      ))}
    </div>
  )
}

export function PickerError({ title, error }: { title: string; error: unknown }) {
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="space-y-0.5">
        <p className="font-medium text-destructive">{title}</p>
        <p className="text-muted-foreground">{parseApiError(error).message}</p>
        <p className="text-muted-foreground">{REFRESH_OR_SUPPORT_TEXT}</p>
      </div>
    </div>
  )
}

export function PickerEmpty({ text }: { text: string }) {
  return <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{text}</p>
}

/** Arrow-key movement inside a radio group of buttons (roving focus; Space/Enter selects). */
export function onRadioGroupKeyDown(e: React.KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End']
  if (!keys.includes(e.key)) return
  const radios = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]:not([disabled])'))
  const i = radios.indexOf(document.activeElement as HTMLElement)
  if (i === -1 || radios.length === 0) return
  e.preventDefault()
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? radios.length - 1
        : (i + (e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : -1) + radios.length) % radios.length
  radios[next].focus()
  radios[next].click()
}
