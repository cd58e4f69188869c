import { toast } from '@plumbline/ui'
import * as React from 'react'

/** Spec 001 §9: the copied indication resets after 2 seconds. */
export const COPY_RESET_MS = 2000

/** Copies text; `copied` turns true and resets after 2 s; a failure shows the spec's toast. */
export function useCopyToClipboard(resetMs = COPY_RESET_MS) {
  const [copied, setCopied] = React.useState(false)
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null)

  React.useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  const copy = React.useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable')
        await navigator.clipboard.writeText(text)
        setCopied(true)
        // A second copy within the window restarts the 2 s rather than cutting it short.
        if (timer.current) clearTimeout(timer.current)
        timer.current = setTimeout(() => setCopied(false), resetMs)
        return true
      } catch {
        setCopied(false)
        toast({ variant: 'destructive', title: 'Copy failed', description: 'Failed to copy link to clipboard. Please copy manually.' })
        return false
      }
    },
    [resetMs],
  )

  return { copied, copy }
}
