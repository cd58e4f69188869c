import * as api from '@plumbline/contracts/api-paths'
import { callApi } from '@plumbline/web'

export type EstimateChoice = { id: string; projectName: string; clientName: string }

/** The organisation's latest estimates (matching `search`): attach meeting notes to one, link a task to one. */
export async function listEstimateChoices(orgId: string, search: string): Promise<EstimateChoice[]> {
  const query = { limit: 20, sortBy: 'updatedAt', sortOrder: 'desc', search: search.trim() }
  return (await callApi(api.getEstimates, { params: { orgId }, query })).estimates
}

export const estimateChoicesKey = (orgId: string, search: string) => ['estimate-choices', orgId, search] as const
