import { prefetchCurrentUser, queryClient } from '@plumbline/web'
import { mountStandalone } from '@plumbline/web/standalone'
import './index.css'
import { App } from './app'
import { initRemotes } from './remotes/registry'

// A cold load's first two questions go out before React renders anything: who the user is (every
// screen waits for it) and the remotes' config. A failure is reported (with Retry) when a
// remote's page opens.
prefetchCurrentUser(queryClient)
initRemotes().catch((err: unknown) => console.error('[plumbline] could not load /remotes.json', err))

mountStandalone(<App />)
