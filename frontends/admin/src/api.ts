import type {
  AdminCheck,
  AdminCreateUserBody,
  AdminCreateUserResponse,
  AdminMembershipBody,
  AdminOrganization,
  AdminUser,
  AuditEntry,
  DetailedHealth,
  MonitoringMetrics,
  SubscriptionOverrideBody,
  SubscriptionOverrideRow,
} from '@plumbline/contracts'
import { HEALTH_REFRESH_MS, METRICS_REFRESH_MS } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiKey, callApi, parseApiError } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

export const ADMIN_CHECK_KEY = apiKey(api.getAdminCheck)
export const ADMIN_USERS_KEY = apiKey(api.getAdminUsers)
export const ADMIN_ORGANIZATIONS_KEY = apiKey(api.getAdminOrganizations)
export const OVERRIDES_KEY = apiKey(api.getAdminSubscriptionOverrides)
export const AUDIT_KEY = apiKey(api.getAdminAudit)

/** The server decides who is an admin; any failure (403, network) means not admin (spec 001 §6). */
export function useIsAdmin(): { isLoading: boolean; isAdmin: boolean } {
  const check = useQuery<AdminCheck>({ queryKey: ADMIN_CHECK_KEY, staleTime: 0 })
  return { isLoading: check.isLoading, isAdmin: check.data?.isAdmin === true }
}

export const useAdminUsers = () => useQuery<AdminUser[]>({ queryKey: ADMIN_USERS_KEY })
export const useAdminOrganizations = () => useQuery<AdminOrganization[]>({ queryKey: ADMIN_ORGANIZATIONS_KEY })
export const useSubscriptionOverrides = () => useQuery<SubscriptionOverrideRow[]>({ queryKey: OVERRIDES_KEY })
export const useAuditEntries = () => useQuery<AuditEntry[]>({ queryKey: AUDIT_KEY })

/** Every admin change may show up in the users, overrides and audit lists. */
function useInvalidateAdminData() {
  const client = useQueryClient()
  return () => Promise.all([ADMIN_USERS_KEY, OVERRIDES_KEY, AUDIT_KEY].map((queryKey) => client.invalidateQueries({ queryKey })))
}

export function useCreateUser() {
  const invalidate = useInvalidateAdminData()
  return useMutation({
    mutationFn: (body: AdminCreateUserBody): Promise<AdminCreateUserResponse> => callApi(api.postAdminUsersCreate, { body }),
    onSuccess: invalidate,
  })
}

export function useUpdateMembership() {
  const invalidate = useInvalidateAdminData()
  return useMutation({
    mutationFn: ({ userId, ...body }: AdminMembershipBody & { userId: string }) => callApi(api.putAdminUserMembership, { params: { id: userId }, body }),
    onSuccess: invalidate,
  })
}

export function useDeleteUser() {
  const invalidate = useInvalidateAdminData()
  return useMutation({
    mutationFn: (userId: string) => callApi(api.deleteAdminUser, { params: { id: userId } }),
    onSuccess: invalidate,
  })
}

export function useSaveOverride() {
  const invalidate = useInvalidateAdminData()
  return useMutation({
    mutationFn: ({ orgId, body }: { orgId: string; body: SubscriptionOverrideBody }) => callApi(api.putAdminSubscriptionOverride, { params: { orgId }, body }),
    onSuccess: invalidate,
  })
}

export function useRemoveOverride() {
  const invalidate = useInvalidateAdminData()
  return useMutation({
    mutationFn: (orgId: string) => callApi(api.deleteAdminSubscriptionOverride, { params: { orgId } }),
    onSuccess: invalidate,
  })
}

/** The server's message for a toast; field errors from a 400 read better than its joined summary. */
export function serverMessage(error: unknown, fallback: string): string {
  const parsed = parseApiError(error)
  const body = parsed.body as { errors?: { message?: string }[] } | null
  const first = body?.errors?.find((e) => typeof e.message === 'string')?.message
  return first ?? (parsed.message || fallback)
}

export const HEALTH_KEY = apiKey(api.getHealthDetailed)
export const MONITORING_METRICS_KEY = apiKey(api.getHealthMetrics)

export const useDetailedHealth = () => useQuery<DetailedHealth>({ queryKey: HEALTH_KEY, refetchInterval: HEALTH_REFRESH_MS, staleTime: 0 })
export const useMonitoringMetrics = () => useQuery<MonitoringMetrics>({ queryKey: MONITORING_METRICS_KEY, refetchInterval: METRICS_REFRESH_MS, staleTime: 0 })
