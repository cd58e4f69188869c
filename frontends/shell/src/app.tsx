import { FullPageSpinner, LoadedScreen, lazyScreen } from '@plumbline/ui/light'
import { useAuth } from '@plumbline/web'
import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { preloadRemoteApp } from './remotes/registry'
import { remoteForPath } from './remotes/routes'

// Route-level code splitting: each screen is its own chunk, so the signed-out landing page loads
// only itself, and the signed-in area (full UI kit, sidebar, dashboard, remote loader) loads
// once the user is known to be signed in.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })))
const LandingPage = named(() => import('./pages/landing/landing-page'), 'LandingPage')
const LoginPage = named(() => import('./pages/auth/login-page'), 'LoginPage')
const RegisterPage = named(() => import('./pages/auth/register-page'), 'RegisterPage')
const ForgotPasswordPage = named(() => import('./pages/auth/forgot-password-page'), 'ForgotPasswordPage')
const ResetPasswordPage = named(() => import('./pages/auth/reset-password-page'), 'ResetPasswordPage')
const FirstLoginResetPage = named(() => import('./pages/auth/first-login-reset-page'), 'FirstLoginResetPage')
const VerifyEmailPage = named(() => import('./pages/auth/verify-email-page'), 'VerifyEmailPage')
const AcceptInvitationPage = named(() => import('./pages/auth/accept-invitation-page'), 'AcceptInvitationPage')
// Revealed by state, not Suspense (see lazyScreen): the signed-in area is on every cold load's path.
const signedInApp = lazyScreen(() => import('./layout/signed-in-app'), <FullPageSpinner />)
const PublicShare = lazy(() => import('./public-share'))

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
  return <FirstLoginResetPage />
}

/** Everything except the public screens: spinner while auth loads, landing when signed out, layout when signed in. */
function Authenticated() {
  const { pathname } = useLocation()
  // The public estimate page: no sidebar, works signed out (descendant routes keep the base '/').
  if (remoteForPath(pathname) === 'share') return <PublicShare />
  return <SignedInArea pathname={pathname} />
}

function SignedInArea({ pathname }: { pathname: string }) {
  const { user, isLoading, isAuthenticated } = useAuth()
  if (isLoading) return <FullPageSpinner />
  if (!isAuthenticated) return <LandingPage />
  if (user?.requirePasswordReset) return <Navigate to="/first-login-reset" replace />
  // In render, like react-dom's preload(): the remote downloads beside the signed-in chunks.
  const remote = remoteForPath(pathname)
  if (remote) preloadRemoteApp(remote)
  return <LoadedScreen screen={signedInApp} pathname={pathname} />
}

export function App() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppRoutes />
    </Suspense>
  )
}

function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        path="/register"
        element={
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        }
      />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/first-login-reset" element={<FirstLoginResetRoute />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      {/* An invitation's link: signed in or out (the page decides what to offer). */}
      <Route path="/invite" element={<AcceptInvitationPage />} />
      <Route path="*" element={<Authenticated />} />
    </Routes>
  )
}
