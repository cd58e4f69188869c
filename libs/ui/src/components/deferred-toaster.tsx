import * as React from 'react'
import { LoadedScreen, lazyScreen } from './lazy-screen'
import { useToast } from './toast-state'

const toaster = lazyScreen(async () => ({ default: (await import('@plumbline/ui/toaster')).Toaster }), null)

/**
 * The toaster, loaded with the first toast: `toast()` only needs the store, so a screen that
 * never toasts (the landing page) never downloads the Radix toast viewport. Once mounted it
 * stays, with its F8 hotkey (spec 000 §9).
 */
export function DeferredToaster() {
  const { toasts } = useToast()
  const [needed, setNeeded] = React.useState(false)
  if (!needed && toasts.length > 0) setNeeded(true)
  if (!needed) return null
  return <LoadedScreen screen={toaster} />
}
