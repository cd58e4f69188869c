import { toast } from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'

/** Spec 001 §8: failures are destructive toasts titled Error. */
export function toastError(description: string, title = 'Error') {
  toast({ variant: 'destructive', title, description })
}

/** An approved estimate refuses edits with 409 until the contractor reopens it. */
export function isLockedError(error: unknown): boolean {
  return parseApiError(error).status === 409
}

/** The server's own message when it sent one (problem+json detail/message), else null. */
export function serverMessage(error: unknown): string | null {
  const p = parseApiError(error)
  if (p.status === null || p.status >= 500) return null
  const m = p.message.trim()
  // A bare HTML or empty body is not a message for people.
  return m && !m.startsWith('<') ? m : null
}

/** Reports a failed mutation: the lock gets its own explanation, everything else the spec's text. */
export function reportMutationError(error: unknown, fallback: string, onLocked?: () => void) {
  if (isLockedError(error)) {
    onLocked?.()
    toastError('This estimate was approved and is locked. Reopen it for editing to make changes.', 'Estimate locked')
    return
  }
  toastError(fallback)
}
