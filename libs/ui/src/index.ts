// The full kit. The light part comes through its own shared module (see light.ts), never by a
// relative import, so an app holds one copy of it whichever entry it imported first.
export * from '@plumbline/ui/light'
export * from '@plumbline/ui/toaster'
export * from './components/dialog'
export * from './components/tooltip'
export * from './components/progress'
export * from './components/primitives'
export * from './components/page-header'
export * from './components/error-boundary'
export * from './components/company-logo'
export * from './components/states'
export * from './components/placeholder-page'
export * from './components/page-fallback'
