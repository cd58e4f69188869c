import type { DashboardMetrics, OrganizationUsage } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { useQuery } from '@tanstack/react-query'
import { apiKey } from './routes'

export const usageQueryKey = (orgId: string) => apiKey(api.getUsage, { orgId })
export const dashboardMetricsQueryKey = (orgId: string) => apiKey(api.getDashboardMetrics, {}, { organizationId: orgId })

/** Sent only when the user has an organisation (spec 000 §7). */
export function useOrganizationUsage(orgId: string | null | undefined) {
  return useQuery<OrganizationUsage>({ queryKey: usageQueryKey(orgId ?? ''), enabled: !!orgId })
}

export function useDashboardMetrics(orgId: string | null | undefined) {
  return useQuery<DashboardMetrics>({ queryKey: dashboardMetricsQueryKey(orgId ?? ''), enabled: !!orgId })
}
