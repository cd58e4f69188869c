// The toast viewport (Radix toast) as its own shared module, @plumbline/ui/toaster: screens load
// it on their first toast (see DeferredToaster), and the full kit re-exports it.
export * from './components/toast'
