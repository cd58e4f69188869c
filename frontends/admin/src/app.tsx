import { Card, cn, FullPageSpinner, LoadedScreen, lazyScreen, NotFoundView, PageBody, PageFallback, PageHeader } from '@plumbline/ui'
import { CreditCard, ShieldX, Users } from 'lucide-react'
import * as React from 'react'
import { Navigate, NavLink, Route, Routes } from 'react-router'
import { useIsAdmin } from './api'
import './index.css'

// Each screen is its own chunk, as in the other remotes: the remote's entry holds only the admin
// check and the frame, and a screen loads what it uses when it opens.
const usersPage = lazyScreen(async () => ({ default: (await import('./pages/users-page')).UsersPage }), <PageFallback />)
const overridesPage = lazyScreen(async () => ({ default: (await import('./pages/overrides-page')).OverridesPage }), <PageFallback />)
const auditList = lazyScreen(async () => ({ default: (await import('./pages/audit-list')).AuditList }), null)
const monitoringPage = lazyScreen(async () => ({ default: (await import('./monitoring/monitoring-page')).MonitoringPage }), <PageFallback />)

export const ACCESS_DENIED = 'Access Denied - You do not have admin privileges to access this page.'

function AccessDenied() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="flex w-full max-w-md flex-col items-center px-6 py-10 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldX className="size-6" />
        </div>
        <p role="alert" className="text-base font-semibold tracking-tight">
          {ACCESS_DENIED}
        </p>
      </Card>
    </div>
  )
}

/** The server's GET /api/admin/check decides; a failed check means not admin (spec 001 §6). */
function AdminOnly({ children }: { children: React.ReactNode }) {
  const { isAdmin, isLoading } = useIsAdmin()
  if (isLoading) return <FullPageSpinner />
  if (!isAdmin) return <AccessDenied />
  return <>{children}</>
}

const adminNav = [
  { to: '/admin/users', label: 'User Management', icon: Users },
  { to: '/admin/subscription-overrides', label: 'Subscription Overrides', icon: CreditCard },
]

function AdminNav() {
  return (
    <nav aria-label="Admin" className="flex w-fit max-w-full flex-wrap gap-1 rounded-lg border bg-card p-1 shadow-xs">
      {adminNav.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            cn(
              'inline-flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
              isActive ? 'bg-primary text-primary-foreground shadow-sm' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )
          }
        >
          <Icon className="size-4" />
          {label}
        </NavLink>
      ))}
    </nav>
  )
}

/** The admin area's frame: title, side navigation, then the section. */
function AdminPage({ children }: { children: React.ReactNode }) {
  React.useEffect(() => {
    document.title = 'Admin · Plumbline'
  }, [])
  return (
    <>
      <PageHeader title="Admin" description="Manage users, memberships and subscription limits" />
      <PageBody className="space-y-6">
        <AdminNav />
        {children}
      </PageBody>
    </>
  )
}

function RemoteRoutes() {
  return (
    <AdminOnly>
      <Routes>
        <Route path="/admin" element={<Navigate to="/admin/users" replace />} />
        <Route
          path="/admin/users"
          element={
            <AdminPage>
              <LoadedScreen screen={usersPage} />
              <LoadedScreen screen={auditList} />
            </AdminPage>
          }
        />
        <Route
          path="/admin/subscription-overrides"
          element={
            <AdminPage>
              <LoadedScreen screen={overridesPage} />
              <LoadedScreen screen={auditList} />
            </AdminPage>
          }
        />
        <Route path="/monitoring" element={<LoadedScreen screen={monitoringPage} />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </AdminOnly>
  )
}

/** The exposed ./App: this remote's routes inside its style scope root. */
export default function App() {
  return (
    <div data-plumbline-remote="admin" className="flex min-h-0 flex-1 flex-col">
      <RemoteRoutes />
    </div>
  )
}
