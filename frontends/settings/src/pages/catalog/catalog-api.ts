import type { PhaseGroup, PhaseGroupInput, PhaseInput, ProjectType, ProjectTypeInput, SettingsPhase } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiKey, callApi } from '@plumbline/web'
import type { QueryClient } from '@tanstack/react-query'

// Requests of the Phase Groups and Project Types tabs (spec 001 §7). Query keys are also the GET
// they make (spec 000 §7); the project-types key is the one the estimates remote's create dialog
// and wizard read, so a change here shows there at once (the query client is a singleton).

export const phaseGroupsKey = (orgId: string) => apiKey(api.getPhaseGroups, { orgId })
export const projectTypesKey = (orgId: string) => apiKey(api.getProjectTypes, { orgId })

/** Groups carry the types linking them and types carry their groups: a change to either refreshes both. */
export function refreshCatalog(qc: QueryClient, orgId: string) {
  void qc.invalidateQueries({ queryKey: phaseGroupsKey(orgId) })
  void qc.invalidateQueries({ queryKey: projectTypesKey(orgId) })
}

export const catalogApi = {
  createGroup: (orgId: string, input: PhaseGroupInput): Promise<PhaseGroup> => callApi(api.postPhaseGroups, { params: { orgId }, body: input }),
  updateGroup: (orgId: string, groupId: string, input: PhaseGroupInput): Promise<PhaseGroup> =>
    callApi(api.putPhaseGroupsById, { params: { orgId, groupId }, body: input }),
  deleteGroup: (orgId: string, groupId: string) => callApi(api.deletePhaseGroupsById, { params: { orgId, groupId } }),
  createPhase: (orgId: string, groupId: string, input: PhaseInput): Promise<SettingsPhase> =>
    callApi(api.postPhaseGroupsPhases, { params: { orgId, groupId }, body: input }),
  updatePhase: (orgId: string, phaseId: string, input: PhaseInput): Promise<SettingsPhase> =>
    callApi(api.putPhasesById, { params: { orgId, phaseId }, body: input }),
  deletePhase: (orgId: string, phaseId: string) => callApi(api.deletePhasesById, { params: { orgId, phaseId } }),
  createType: (orgId: string, input: ProjectTypeInput): Promise<ProjectType> => callApi(api.postProjectTypes, { params: { orgId }, body: input }),
  updateType: (orgId: string, typeId: string, input: ProjectTypeInput): Promise<ProjectType> =>
    callApi(api.putProjectTypesById, { params: { orgId, typeId }, body: input }),
  deleteType: (orgId: string, typeId: string) => callApi(api.deleteProjectTypesById, { params: { orgId, typeId } }),
  link: (orgId: string, typeId: string, groupId: string, isDefault?: boolean): Promise<ProjectType> =>
    callApi(api.postProjectTypesPhaseGroupsLink, { params: { orgId, typeId, groupId }, body: isDefault === undefined ? {} : { isDefault } }),
  unlink: (orgId: string, typeId: string, groupId: string): Promise<ProjectType> =>
    callApi(api.deleteProjectTypesPhaseGroupsLink, { params: { orgId, typeId, groupId } }),
}
