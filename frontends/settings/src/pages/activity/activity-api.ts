import { ACTIVITY_PAGE_LIMIT, type Activity, ZActivityList } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiKey, callApi } from '@plumbline/web'

// The Activity tab's request (spec 001 §7 GET /activities). The key names the GET it makes
// (spec 000 §7), so an estimate change elsewhere can refresh it by prefix.

export const activitiesKey = (orgId: string) => apiKey(api.getActivities, { orgId })

export async function fetchActivityPage(orgId: string, page: number): Promise<Activity[]> {
  return ZActivityList.parse(await callApi(api.getActivities, { params: { orgId }, query: { page, limit: ACTIVITY_PAGE_LIMIT } }))
}

/** A page shorter than the limit is the last one. */
export const nextActivityPage = (last: Activity[], all: Activity[][]) => (last.length < ACTIVITY_PAGE_LIMIT ? undefined : all.length + 1)
