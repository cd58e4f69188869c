import { prefetchCurrentUser, queryClient } from '@plumbline/web'
import { mountStandalone } from '@plumbline/web/standalone'
import './index.css'
import { App } from './app'
import { initRemotes, preloadRemoteApp } from './remotes/registry'
import { remoteForPath } from './remotes/routes'

// A cold load's three independent downloads start before React renders anything: the user, the
// remotes' config, and the remote the URL belongs to (its entry and ./App chunks; almost every
// visit to a remote's URL is signed in, and the landing and sign-in pages belong to no remote).
// A failure is reported (with Retry) when the remote's page opens.
prefetchCurrentUser(queryClient)
initRemotes().catch((err: unknown) => console.error('[plumbline] could not load /remotes.json', err))
const remote = remoteForPath(window.location.pathname)
if (remote) preloadRemoteApp(remote)

mountStandalone(<App />)
