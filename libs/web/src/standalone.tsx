import { DeferredToaster } from '@plumbline/ui/light'
import { type ReactNode, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { WebProviders } from './providers'

/**
 * Mounts an app at #root with everything the shell provides around a remote: the router, the
 * query client and theme, and the toaster (loaded with the first toast). The shell's entry and each remote's standalone entry
 * (its own dev server) call it. Not part of the shared `@plumbline/web` module, so a remote's
 * federated ./App never carries it.
 */
export function mountStandalone(app: ReactNode): void {
  const el = document.getElementById('root')
  if (!el) throw new Error('Missing #root element')
  createRoot(el).render(
    <StrictMode>
      <BrowserRouter>
        <WebProviders>
          {app}
          <DeferredToaster />
        </WebProviders>
      </BrowserRouter>
    </StrictMode>,
  )
}
