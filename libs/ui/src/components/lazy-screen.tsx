import * as React from 'react'

type Load<P> = () => Promise<{ default: React.ComponentType<P> }>

/**
 * A screen whose code loads when it is first shown, like React.lazy, but revealed by a state
 * update rather than by Suspense: React holds a Suspense boundary's content back until 300 ms
 * after its fallback appeared, and a cold load of the estimates list paid that wait twice (the
 * shell's signed-in area, then the list; each chunk arrives well within it). `fallback` shows
 * meanwhile; a failed load throws to the nearest error boundary, as lazy does.
 */
export function lazyScreen<P extends object>(load: Load<P>, fallback: React.ReactNode): React.ComponentType<P> {
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
        throw error
      },
    )
    return pending
  }
  return function LazyScreen(props: P) {
    const [Screen, setScreen] = React.useState(() => loaded)
    const [error, setError] = React.useState<unknown>(null)
    React.useEffect(() => {
      if (Screen) return
      let live = true
      get().then(
        (c) => live && setScreen(() => c),
        (e: unknown) => live && setError(() => e ?? new Error('screen failed to load')),
      )
      return () => {
        live = false
      }
    }, [Screen])
    if (error) throw error
    return Screen ? <Screen {...props} /> : fallback
  }
}
