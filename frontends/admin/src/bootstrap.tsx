// Standalone mode (opening this remote's own dev server): the shell normally provides all of this.

import { Toaster, TooltipProvider } from '@plumbline/ui'
import { WebProviders } from '@plumbline/web'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import App from './app'

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
