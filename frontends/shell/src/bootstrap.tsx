import { Toaster, TooltipProvider } from '@plumbline/ui'
import { WebProviders } from '@plumbline/web'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import './index.css'
import { App } from './app'
import { initRemotes } from './remotes/registry'

// Start fetching /remotes.json early; a failure is reported (with Retry) when a remote's page opens.
initRemotes().catch((err: unknown) => console.error('[plumbline] could not load /remotes.json', err))

const el = document.getElementById('root')
if (!el) throw new Error('Missing #root element')
createRoot(el).render(
  <StrictMode>
    <BrowserRouter>
      <WebProviders>
        <TooltipProvider>
          <App />
          <Toaster />
        </TooltipProvider>
      </WebProviders>
    </BrowserRouter>
  </StrictMode>,
)
