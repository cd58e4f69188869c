import { FullPageSpinner } from '@plumbline/ui'
import { useAuth } from '@plumbline/web'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { AppLayout } from './layout/app-layout'
import { FirstLoginResetPage } from './pages/auth/first-login-reset-page'
import { ForgotPasswordPage } from './pages/auth/forgot-password-page'
import { LoginPage } from './pages/auth/login-page'
import { RegisterPage } from './pages/auth/register-page'
import { ResetPasswordPage } from './pages/auth/reset-password-page'
import { VerifyEmailPage } from './pages/auth/verify-email-page'
import { DashboardPage } from './pages/dashboard/dashboard-page'
import { LandingPage } from './pages/landing/landing-page'
import { NotFoundPage } from './pages/not-found/not-found-page'
import { RemoteView } from './remotes/remote-view'
import { remoteForPath } from './remotes/routes'

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
  if (remoteForPath(pathname) === 'share') return <RemoteView name="share" />
  return <SignedInArea pathname={pathname} />
}

function SignedInArea({ pathname }: { pathname: string }) {
  const { user, isLoading, isAuthenticated } = useAuth()
  if (isLoading) return <FullPageSpinner />
  if (!isAuthenticated) return <LandingPage />
  if (user?.requirePasswordReset) return <Navigate to="/first-login-reset" replace />
  const remote = remoteForPath(pathname)
  return (
    <AppLayout>{pathname === '/' ? <DashboardPage /> : remote && remote !== 'share' ? <RemoteView key={remote} name={remote} /> : <NotFoundPage />}</AppLayout>
  )
}

export function App() {
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
      <Route path="*" element={<Authenticated />} />
    </Routes>
  )
}
