import { Avatar, BrandMark, Button, cn, Skeleton, Tooltip, TooltipContent, TooltipTrigger } from '@plumbline/ui'
import { displayName, isPrivilegedRole, usageBars, useActiveOrganization, useAuth, useLogout, useOrganizationUsage, useTheme } from '@plumbline/web'
import { Activity, Calculator, LayoutDashboard, ListChecks, LogOut, Mic, Moon, Settings, Shield, Sun, X } from 'lucide-react'
import type * as React from 'react'
import { NavLink, useLocation } from 'react-router'
import { OrganizationCard } from './organization-card'

type NavItem = { to: string; label: string; icon: React.ComponentType<{ className?: string }>; match: (p: string) => boolean }

const under = (prefix: string) => (p: string) => p === prefix || p.startsWith(`${prefix}/`)

export const MAIN_NAV: NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard, match: (p) => p === '/' },
  { to: '/cost-estimator', label: 'Cost Estimator', icon: Calculator, match: under('/cost-estimator') },
  { to: '/notetaker', label: 'AI Notetaker', icon: Mic, match: under('/notetaker') },
  { to: '/tasks', label: 'Tasks', icon: ListChecks, match: under('/tasks') },
]

export function managementNav(systemRole: string | null | undefined): NavItem[] {
  const items: NavItem[] = [{ to: '/settings', label: 'Settings', icon: Settings, match: under('/settings') }]
  if (isPrivilegedRole(systemRole)) {
    items.push({ to: '/admin', label: 'Admin', icon: Shield, match: under('/admin') })
    items.push({ to: '/monitoring', label: 'Monitoring', icon: Activity, match: under('/monitoring') })
  }
  return items
}

function NavList({ items, pathname, onNavigate }: { items: NavItem[]; pathname: string; onNavigate?: () => void }) {
  return (
    <ul className="space-y-0.5">
      {items.map(({ to, label, icon: Icon, match }) => {
        const active = match(pathname)
        return (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'group flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                active
                  ? 'bg-sidebar-accent text-primary dark:text-accent-foreground'
                  : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-foreground',
              )}
            >
              <Icon
                className={cn(
                  'size-[18px] shrink-0',
                  active ? 'text-primary dark:text-accent-foreground' : 'text-sidebar-muted group-hover:text-sidebar-foreground',
                )}
              />
              {label}
            </NavLink>
          </li>
        )
      })}
    </ul>
  )
}

function UsagePanel({ orgId }: { orgId: string | null }) {
  const { data, isLoading, isError } = useOrganizationUsage(orgId)
  if (!orgId) return null
  return (
    <div className="rounded-lg border border-sidebar-border bg-background/60 p-3">
      <p className="mb-2.5 text-[11px] font-semibold uppercase tracking-wider text-sidebar-muted">Monthly usage</p>
      {isLoading ? (
        <div className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : isError || !data ? (
        <p className="text-xs text-sidebar-muted">Usage is unavailable right now.</p>
      ) : (
        <ul className="space-y-2.5" aria-label="Monthly usage">
          {usageBars(data).map((bar) => (
            <li key={bar.label} data-testid={`usage-${bar.label.toLowerCase()}`}>
              <div className="mb-1 flex items-center justify-between text-xs">
                <span className="font-medium text-sidebar-foreground">{bar.label}</span>
                <span className="tabular-nums text-sidebar-muted">{bar.text}</span>
              </div>
              <div
                role="progressbar"
                aria-label={`${bar.label} usage`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(bar.percent)}
                className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={cn(
                    'h-full rounded-full transition-all',
                    bar.percent >= 90 && !bar.unlimited ? 'bg-destructive' : bar.percent >= 75 && !bar.unlimited ? 'bg-amber' : 'bg-primary',
                  )}
                  style={{ width: `${bar.percent}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function SidebarContent({ onNavigate, onClose }: { onNavigate?: () => void; onClose?: () => void }) {
  const { pathname } = useLocation()
  const { user } = useAuth()
  const org = useActiveOrganization()
  const logout = useLogout()
  const { resolvedTheme, toggleTheme } = useTheme()
  const name = displayName(user)
  const isDark = resolvedTheme === 'dark'

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between px-5">
        <BrandMark />
        {onClose ? (
          <Button variant="ghost" size="icon-sm" onClick={onClose} aria-label="Close menu">
            <X />
          </Button>
        ) : null}
      </div>

      <div className="px-3">
        <OrganizationCard onSwitched={onNavigate} />
      </div>

      <nav aria-label="Main" className="mt-5 flex-1 overflow-y-auto px-3">
        <NavList items={MAIN_NAV} pathname={pathname} onNavigate={onNavigate} />
        <p className="mb-1.5 mt-6 px-3 text-[11px] font-semibold uppercase tracking-wider text-sidebar-muted">Management</p>
        <NavList items={managementNav(user?.systemRole)} pathname={pathname} onNavigate={onNavigate} />
      </nav>

      <div className="space-y-3 p-3">
        <UsagePanel orgId={org?.id ?? null} />
        <div className="flex items-center gap-3 rounded-lg px-2 py-2">
          <Avatar name={name} src={user?.profileImageUrl} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-sidebar-foreground" data-testid="user-name">
              {name}
            </p>
            <p className="truncate text-xs capitalize text-sidebar-muted" data-testid="org-role">
              {org?.role || 'Member'}
            </p>
          </div>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={toggleTheme}
                aria-label={isDark ? 'Switch to light theme' : 'Switch to dark theme'}
                className="text-sidebar-muted"
              >
                {isDark ? <Sun /> : <Moon />}
              </Button>
            </TooltipTrigger>
            <TooltipContent>{isDark ? 'Light mode' : 'Dark mode'}</TooltipContent>
          </Tooltip>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
                aria-label="Logout"
                className="text-sidebar-muted hover:text-destructive"
              >
                <LogOut />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Log out</TooltipContent>
          </Tooltip>
        </div>
      </div>
    </div>
  )
}
