// Standalone mode (opening this remote's own dev server): the shell normally provides all of this.
import { TooltipProvider } from '@plumbline/ui'
import { mountStandalone } from '@plumbline/web/standalone'
import App from './app'

mountStandalone(
  <TooltipProvider>
    <App />
  </TooltipProvider>,
)
