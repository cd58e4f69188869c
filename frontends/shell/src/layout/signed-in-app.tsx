import { NotificationsBellContext, TooltipProvider } from '@plumbline/ui'
import { NotificationBell } from '../notifications/notification-bell'
import { DashboardPage } from '../pages/dashboard/dashboard-page'
import { NotFoundPage } from '../pages/not-found/not-found-page'
import { RemoteView } from '../remotes/remote-view'
import { remoteForPath } from '../remotes/routes'
import { AppLayout } from './app-layout'

const BELL = <NotificationBell />

/**
 * Everything a signed-in user sees around the remotes: its own chunk, loaded only once the user
 * is known to be signed in, so the landing and sign-in screens never download the full UI kit,
 * the sidebar, the dashboard or the remote loader.
 */
export default function SignedInApp({ pathname }: { pathname: string }) {
  const remote = remoteForPath(pathname)
  return (
    <TooltipProvider>
      {/* Every page header, the remotes' too, shows this bell (libs/ui is a federation singleton). */}
      <NotificationsBellContext.Provider value={BELL}>
        <AppLayout>
          {pathname === '/' ? <DashboardPage /> : remote && remote !== 'share' ? <RemoteView key={remote} name={remote} /> : <NotFoundPage />}
        </AppLayout>
      </NotificationsBellContext.Provider>
    </TooltipProvider>
  )
}
