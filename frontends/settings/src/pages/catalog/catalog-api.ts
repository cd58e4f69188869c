import type { PhaseGroup, PhaseGroupInput, PhaseInput, ProjectType, ProjectTypeInput, SettingsPhase } from '@plumbline/contracts'
import { apiJson } from '@plumbline/web'
import type { QueryClient } from '@tanstack/react-query'

// Requests of the Phase Groups and Project Types tabs (spec 001 §7). Query keys are also the GET
// they make (spec 000 §7); the project-types key is the one the estimates remote's create dialog
// and wizard read, so a change here shows there at once (the query client is a singleton).

const orgPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}`
export const phaseGroupsKey = (orgId: string) => ['/api/organizations', orgId, 'phase-groups'] as const
export const projectTypesKey = (orgId: string) => ['/api/organizations', orgId, 'project-types'] as const

/** Groups carry the types linking them and types carry their groups: a change to either refreshes both. */
export function refreshCatalog(qc: QueryClient, orgId: string) {
  void qc.invalidateQueries({ queryKey: phaseGroupsKey(orgId) })
  void qc.invalidateQueries({ queryKey: projectTypesKey(orgId) })
}

export const catalogApi = {
  createGroup: (orgId: string, input: PhaseGroupInput) => apiJson<PhaseGroup>('POST', `${orgPath(orgId)}/phase-groups`, input),
  updateGroup: (orgId: string, id: string, input: PhaseGroupInput) => apiJson<PhaseGroup>('PUT', `${orgPath(orgId)}/phase-groups/${id}`, input),
  deleteGroup: (orgId: string, id: string) => apiJson<void>('DELETE', `${orgPath(orgId)}/phase-groups/${id}`),
  createPhase: (orgId: string, groupId: string, input: PhaseInput) => apiJson<SettingsPhase>('POST', `${orgPath(orgId)}/phase-groups/${groupId}/phases`, input),
  updatePhase: (orgId: string, id: string, input: PhaseInput) => apiJson<SettingsPhase>('PUT', `${orgPath(orgId)}/phases/${id}`, input),
  deletePhase: (orgId: string, id: string) => apiJson<void>('DELETE', `${orgPath(orgId)}/phases/${id}`),
  createType: (orgId: string, input: ProjectTypeInput) => apiJson<ProjectType>('POST', `${orgPath(orgId)}/project-types`, input),
  updateType: (orgId: string, id: string, input: ProjectTypeInput) => apiJson<ProjectType>('PUT', `${orgPath(orgId)}/project-types/${id}`, input),
  deleteType: (orgId: string, id: string) => apiJson<void>('DELETE', `${orgPath(orgId)}/project-types/${id}`),
  link: (orgId: string, typeId: string, groupId: string, isDefault?: boolean) =>
    apiJson<ProjectType>('POST', `${orgPath(orgId)}/project-types/${typeId}/phase-groups/${groupId}/link`, isDefault === undefined ? {} : { isDefault }),
  unlink: (orgId: string, typeId: string, groupId: string) =>
    apiJson<ProjectType>('DELETE', `${orgPath(orgId)}/project-types/${typeId}/phase-groups/${groupId}/link`),
}
