import * as React from 'react'
import { reloadForNewRelease } from './stale-release'

/**
 * A screen's code (or a large part of one: a dialog, the toaster), loaded when it is first shown
 * (see LoadedScreen). The one way the front ends split code: React.lazy is not used (a lint rule,
 * lint/no-react-lazy.grit, says so), because Suspense reveals late.
 */
export type LazyScreen<P> = {
  get: () => Promise<React.ComponentType<P>>
  loaded: () => React.ComponentType<P> | null
  fallback: React.ReactNode
}

/** Names a screen's chunk and what shows while it loads; nothing loads until LoadedScreen shows it. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>, fallback: React.ReactNode): LazyScreen<P> {
  let loaded: React.ComponentType<P> | null = null
  let pending: Promise<React.ComponentType<P>> | null = null
  const get = () => {
    pending ??= load().then(
      (m) => {
        loaded = m.default
        return m.default
      },
      (error: unknown) => {
        pending = null // the next showing tries again
        // A chunk of an older release, gone after a deploy: the page reloads once and this stays pending.
        if (reloadForNewRelease(error)) return new Promise<never>(() => {})
        throw error
      },
    )
    return pending
  }
  return { get, loaded: () => loaded, fallback }
}

/**
 * Shows a lazy screen, like React.lazy, but revealed by a state update rather than by Suspense:
 * React holds a Suspense boundary's content back until 300 ms after its fallback appeared, and a
 * cold load of the estimates list paid that wait twice (the shell's signed-in area, then the
 * list; each chunk arrives well within it). A failed load throws to the nearest error boundary,
 * as lazy does.
 */
export function LoadedScreen<P extends object>({ screen, ...props }: { screen: LazyScreen<P> } & P) {
  // Kept with the screen it belongs to: a route change may hand this same element another screen.
  const [state, setState] = React.useState(() => ({ screen, Screen: screen.loaded() }))
  const [error, setError] = React.useState<unknown>(null)
  const Screen = state.screen === screen ? state.Screen : screen.loaded()
  React.useEffect(() => {
    if (Screen) return
    let live = true
    screen.get().then(
      (c) => live && setState({ screen, Screen: c }),
      (e: unknown) => live && setError(() => e ?? new Error('screen failed to load')),
    )
    return () => {
      live = false
    }
  }, [Screen, screen])
  if (error) throw error
  return Screen ? <Screen {...(props as P)} /> : screen.fallback
}
