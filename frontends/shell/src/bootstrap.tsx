import { currentUserQuery, queryClient } from '@plumbline/web'
import { mountStandalone } from '@plumbline/web/standalone'
import './index.css'
import { App, preloadRemotePage, preloadSignedInArea } from './app'
import { initRemotes } from './remotes/registry'

// A cold load's first questions go out before React renders anything: who the user is (every
// screen waits for it; once known, the signed-in area's code starts downloading), the remotes'
// config, and the page's remote. A failure is reported (with Retry) when a remote's page opens.
queryClient
  .ensureQueryData(currentUserQuery)
  .then((user) => preloadSignedInArea(user, window.location.pathname))
  .catch(() => undefined) // the screens ask again and show the failure
initRemotes().catch((err: unknown) => console.error('[plumbline] could not load /remotes.json', err))
preloadRemotePage(window.location.pathname)

mountStandalone(<App />)
