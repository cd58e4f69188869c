import { ACTIVITY_PAGE_LIMIT, type Activity, ZActivityList } from '@plumbline/contracts'
import { apiRequest } from '@plumbline/web'

// The Activity tab's request (spec 001 §7 GET /activities). The key names the GET it makes
// (spec 000 §7), so an estimate change elsewhere can refresh it by prefix.

export const activitiesKey = (orgId: string) => ['/api/organizations', orgId, 'activities'] as const

export async function fetchActivityPage(orgId: string, page: number): Promise<Activity[]> {
  const query = new URLSearchParams({ page: String(page), limit: String(ACTIVITY_PAGE_LIMIT) })
  const res = await apiRequest('GET', `/api/organizations/${encodeURIComponent(orgId)}/activities?${query}`)
  return ZActivityList.parse(await res.json())
}

/** A page shorter than the limit is the last one. */
export const nextActivityPage = (last: Activity[], all: Activity[][]) => (last.length < ACTIVITY_PAGE_LIMIT ? undefined : all.length + 1)
