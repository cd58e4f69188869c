// The light part of the design system: what the landing page and the sign-in screens need
// (buttons, cards, inputs and labels, spinners, the brand mark, toast() and a toaster that loads
// with the first toast). It is its own shared
// module (@plumbline/ui/light), so those screens load it without the rest of the kit and its
// Radix dialogs, menus, selects and popovers; the full kit re-exports it, so every app still
// gets one instance (one toast store).

export * from './components/avatar'
export * from './components/badge'
export * from './components/button'
export * from './components/card'
export * from './components/deferred-toaster'
export * from './components/empty-state'
export * from './components/input'
export * from './components/label'
export * from './components/lazy-screen'
export * from './components/logo'
export * from './components/placeholder-keys'
export * from './components/separator'
export * from './components/skeleton'
export * from './components/spinner'
export * from './components/stale-release'
export * from './components/toast-state'
export { cn } from './lib/utils'
