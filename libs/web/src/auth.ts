import type { CurrentUser, PermissionAction, PermissionModule, UserOrganization } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { useNavigate } from 'react-router'
import { getQueryFn } from './api'
import { apiKey, callApi } from './routes'

export const USER_QUERY_KEY = apiKey(api.getUser)

/** GET /api/user as a query: 401 means signed out and yields null. */
export const currentUserQuery = {
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
  retry: false,
} as const

/** The signed-in user (GET /api/user; 401 means signed out and yields null). */
export function useAuth() {
  const { data, isLoading, error, refetch } = useQuery<CurrentUser | null>(currentUserQuery)
  const user = data ?? null
  return { user, isLoading, error, isAuthenticated: !!user, refetch }
}

const ACTIVE_ORG_EVENT = 'plumbline:active-organization'
const activeOrgKey = (userId: string) => `plumbline.activeOrganization.${userId}`

function readChosenOrganization(userId: string | undefined): string | null {
  if (!userId) return null
  try {
    return window.localStorage.getItem(activeOrgKey(userId))
  } catch {
    return null
  }
}

/** Re-renders on a switch in this tab (every remote's copy of this module hears the event) or another. */
function subscribeToActiveOrganization(onChange: () => void): () => void {
  window.addEventListener(ACTIVE_ORG_EVENT, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(ACTIVE_ORG_EVENT, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/**
 * The organisation the user works in. Spec 000 §1: the first of their organisations; a user of
 * several may switch, and the choice is kept per user in this browser while they
 * still belong to it. The gateway checks membership of every request's {orgId} either way.
 */
export function useActiveOrganization(): UserOrganization | null {
  const { user } = useAuth()
  const chosen = React.useSyncExternalStore(
    subscribeToActiveOrganization,
    () => readChosenOrganization(user?.id),
    () => null,
  )
  return organizationOf(user, chosen)
}

/** The active organisation outside React (useActiveOrganization's rule, read once). */
export const activeOrganizationOf = (user: CurrentUser | null | undefined): UserOrganization | null => organizationOf(user, readChosenOrganization(user?.id))

const organizationOf = (user: CurrentUser | null | undefined, chosen: string | null): UserOrganization | null => {
  const organizations = user?.organizations ?? []
  return organizations.find((o) => o.id === chosen) ?? organizations[0] ?? null
}

/** Makes `orgId` the active organisation of `userId` in this browser. */
export function switchOrganization(userId: string, orgId: string): void {
  try {
    window.localStorage.setItem(activeOrgKey(userId), orgId)
  } catch {
    /* private mode: the switch lasts until the page reloads */
  }
  window.dispatchEvent(new Event(ACTIVE_ORG_EVENT))
}

/**
 * Whether the caller's role in the active organisation allows an action (spec 001 §6). The
 * services enforce it; the UI uses it to disable what would be refused and say why. An answer
 * without permissions (an older auth) allows, leaving the decision to the server.
 */
export function useCan(module: PermissionModule, action: PermissionAction): boolean {
  const org = useActiveOrganization()
  return !org?.permissions || (org.permissions[module]?.includes(action) ?? false)
}

/** Why the role cannot do `what` ("create estimates"), or undefined when it can: the text a disabled control shows. */
export function useBlockedReason(module: PermissionModule, action: PermissionAction, what: string): string | undefined {
  const org = useActiveOrganization()
  return useCan(module, action) ? undefined : `Your role (${org?.role ?? 'unknown'}) cannot ${what}.`
}

/** Why New Estimate is unavailable to this role, or undefined when it is available. */
export const useNewEstimateBlockedReason = () => useBlockedReason('cost_estimator', 'create', 'create estimates')

export function isPrivilegedRole(systemRole: string | null | undefined): boolean {
  return systemRole === 'admin' || systemRole === 'superadmin'
}

export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const full = [user?.firstName, user?.lastName]
    .filter((s) => s?.trim())
    .join(' ')
    .trim()
  return full || user?.email || 'User'
}

/** Refetch the current user and wait for it (used after login and forced reset). */
export function useRefreshUser() {
  const qc = useQueryClient()
  return () => qc.refetchQueries({ queryKey: USER_QUERY_KEY })
}

/** POST /api/logout, then clear every cached query and go to /login, even when the call fails. */
export function useLogout() {
  const qc = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async () => {
      await callApi(api.postLogout)
    },
    onError: (error) => {
      console.error('Logout failed:', error)
    },
    onSettled: () => {
      qc.clear()
      qc.setQueryData(USER_QUERY_KEY, null)
      navigate('/login', { replace: true })
    },
  })
}
