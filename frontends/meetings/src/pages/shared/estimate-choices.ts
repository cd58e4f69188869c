import { apiRequest } from '@plumbline/web'

export type EstimateChoice = { id: string; projectName: string; clientName: string }

/** The organisation's latest estimates (matching `search`): attach meeting notes to one, link a task to one. */
export async function listEstimateChoices(orgId: string, search: string): Promise<EstimateChoice[]> {
  const query = new URLSearchParams({ limit: '20', sortBy: 'updatedAt', sortOrder: 'desc', ...(search.trim() ? { search: search.trim() } : {}) })
  const res = await apiRequest('GET', `/api/organizations/${encodeURIComponent(orgId)}/estimates?${query}`)
  return ((await res.json()) as { estimates: EstimateChoice[] }).estimates
}

export const estimateChoicesKey = (orgId: string, search: string) => ['estimate-choices', orgId, search] as const
