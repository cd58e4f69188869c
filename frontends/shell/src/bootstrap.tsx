import { mountStandalone } from '@plumbline/web/standalone'
import './index.css'
import { App } from './app'
import { initRemotes } from './remotes/registry'

// Start fetching /remotes.json early; a failure is reported (with Retry) when a remote's page opens.
initRemotes().catch((err: unknown) => console.error('[plumbline] could not load /remotes.json', err))

mountStandalone(<App />)
