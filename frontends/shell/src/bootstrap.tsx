import { currentUserQuery, queryClient } from '@plumbline/web'
import { mountStandalone } from '@plumbline/web/standalone'
import './index.css'
import { App, preloadSignedInPage } from './app'
import { initRemotes } from './remotes/registry'

// A cold load's first two questions go out before React renders anything: who the user is (every
// screen waits for it; once known, a signed-in page's code starts downloading) and the remotes'
// config. A failure is reported (with Retry) when a remote's page opens.
queryClient
  .ensureQueryData(currentUserQuery)
  .then((user) => preloadSignedInPage(user, window.location.pathname))
  .catch(() => undefined) // the screens ask again and show the failure
initRemotes().catch((err: unknown) => console.error('[plumbline] could not load /remotes.json', err))

mountStandalone(<App />)
