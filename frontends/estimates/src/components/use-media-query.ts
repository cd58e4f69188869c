import * as React from 'react'

/** The complement of Tailwind's `md:` variant (`width >= 48rem`): true exactly where `md:` classes do not apply. */
export const BELOW_MD = '(width < 48rem)'

/**
 * Whether a CSS media query matches, kept current as the window resizes or rotates.
 * Read synchronously on the first render, so a phone never paints the desktop layout first.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return React.useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}
