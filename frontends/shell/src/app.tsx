import { FullPageSpinner, LoadedScreen, lazyScreen } from '@plumbline/ui/light'
import { useAuth } from '@plumbline/web'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { preloadRemoteApp } from './remotes/registry'
import { remoteForPath } from './remotes/routes'

// Route-level code splitting: each screen is its own chunk, so the signed-out landing page loads
// only itself, and the signed-in area (full UI kit, sidebar, dashboard, remote loader) loads
// once the user is known to be signed in. Screens are revealed by state, not Suspense (see
// lazyScreen): React would hold each one back for its 300 ms fallback throttle.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazyScreen(async () => ({ default: (await load())[name] }), <FullPageSpinner />)
const landingPage = named(() => import('./pages/landing/landing-page'), 'LandingPage')
const loginPage = named(() => import('./pages/auth/login-page'), 'LoginPage')
const registerPage = named(() => import('./pages/auth/register-page'), 'RegisterPage')
const forgotPasswordPage = named(() => import('./pages/auth/forgot-password-page'), 'ForgotPasswordPage')
const resetPasswordPage = named(() => import('./pages/auth/reset-password-page'), 'ResetPasswordPage')
const firstLoginResetPage = named(() => import('./pages/auth/first-login-reset-page'), 'FirstLoginResetPage')
const verifyEmailPage = named(() => import('./pages/auth/verify-email-page'), 'VerifyEmailPage')
const acceptInvitationPage = named(() => import('./pages/auth/accept-invitation-page'), 'AcceptInvitationPage')
const signedInApp = lazyScreen(() => import('./layout/signed-in-app'), <FullPageSpinner />)
const publicShare = lazyScreen(() => import('./public-share'), <FullPageSpinner />)

/** The routes below that show their own screen rather than the signed-in area. */
const OWN_SCREEN_PATHS = new Set(['/login', '/register', '/forgot-password', '/reset-password', '/first-login-reset', '/verify-email', '/invite'])

/**
 * A cold load of a remote's page: its code is public, so it starts downloading before the user's
 * answer, beside it. Waiting for the answer (and then for the signed-in chunks to run) held the
 * remote's entry back (docs/adr/0012).
 * A signed-out visitor on such a URL sees the landing page and has fetched the remote for nothing,
 * which is rare and cheap (the entry and ./App are small).
 */
export function preloadRemotePage(pathname: string): void {
  const remote = remoteForPath(pathname)
  if (remote) preloadRemoteApp(remote)
}

/** Once the user is known to be signed in, the signed-in area's code starts while React renders its first frames. */
export function preloadSignedInArea(user: { requirePasswordReset?: boolean } | null, pathname: string): void {
  if (!user || user.requirePasswordReset || remoteForPath(pathname) === 'share' || OWN_SCREEN_PATHS.has(pathname)) return
  void signedInApp.get().catch(() => undefined) // LoadedScreen tries again and shows the failure
}

/** Sign-in screens send an already signed-in visitor home. */
function GuestOnly({ children }: { children: React.ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth()
  if (isLoading) return <FullPageSpinner />
  if (isAuthenticated) return <Navigate to="/" replace />
  return <>{children}</>
}

function FirstLoginResetRoute() {
  const { isAuthenticated, isLoading } = useAuth()
  if (isLoading) return <FullPageSpinner />
  if (!isAuthenticated) return <Navigate to="/login" replace />
  return <LoadedScreen screen={firstLoginResetPage} />
}

/** Everything except the public screens: spinner while auth loads, landing when signed out, layout when signed in. */
function Authenticated() {
  const { pathname } = useLocation()
  // The public estimate page: no sidebar, works signed out (descendant routes keep the base '/').
  if (remoteForPath(pathname) === 'share') return <LoadedScreen screen={publicShare} />
  return <SignedInArea pathname={pathname} />
}

function SignedInArea({ pathname }: { pathname: string }) {
  const { user, isLoading, isAuthenticated } = useAuth()
  if (isLoading) return <FullPageSpinner />
  if (!isAuthenticated) return <LoadedScreen screen={landingPage} />
  if (user?.requirePasswordReset) return <Navigate to="/first-login-reset" replace />
  // In render, like react-dom's preload(): the remote downloads beside the signed-in chunks.
  const remote = remoteForPath(pathname)
  if (remote) preloadRemoteApp(remote)
  return <LoadedScreen screen={signedInApp} pathname={pathname} />
}

export function App() {
  return (
    <Routes>
      <Route path="/login" element={<LoadedScreen screen={loginPage} />} />
      <Route
        path="/register"
        element={
          <GuestOnly>
            <LoadedScreen screen={registerPage} />
          </GuestOnly>
        }
      />
      <Route path="/forgot-password" element={<LoadedScreen screen={forgotPasswordPage} />} />
      <Route path="/reset-password" element={<LoadedScreen screen={resetPasswordPage} />} />
      <Route path="/first-login-reset" element={<FirstLoginResetRoute />} />
      <Route path="/verify-email" element={<LoadedScreen screen={verifyEmailPage} />} />
      {/* An invitation's link: signed in or out (the page decides what to offer). */}
      <Route path="/invite" element={<LoadedScreen screen={acceptInvitationPage} />} />
      <Route path="*" element={<Authenticated />} />
    </Routes>
  )
}
