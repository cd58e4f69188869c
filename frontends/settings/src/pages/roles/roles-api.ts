import type { Invitation, InvitationInput, Member, Role, RoleInput, RolePatch, RolePermission } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiKey, callApi } from '@plumbline/web'
import type { QueryClient } from '@tanstack/react-query'
import { useSettingsAction } from '../catalog/use-catalog-action'

// Requests of the Roles tab (spec 001 §7 Settings). Query keys are the GET they make (spec 000 §7).

export const rolesKey = (orgId: string) => apiKey(api.getRoles, { orgId })
export const permissionsKey = (orgId: string, roleId: string) => apiKey(api.getRolesPermissions, { orgId, id: roleId })
export const membersKey = (orgId: string) => apiKey(api.getMembers, { orgId })
export const invitationsKey = (orgId: string) => apiKey(api.getInvitations, { orgId })

export const membersApi = {
  changeRole: (orgId: string, userId: string, roleId: string): Promise<Member> =>
    callApi(api.patchMembersById, { params: { orgId, userId }, body: { roleId } }),
  remove: (orgId: string, userId: string) => callApi(api.deleteMembersById, { params: { orgId, userId } }),
}

export const invitationsApi = {
  send: (orgId: string, input: InvitationInput): Promise<Invitation> => callApi(api.postInvitations, { params: { orgId }, body: input }),
  resend: (orgId: string, id: string): Promise<Invitation> => callApi(api.postInvitationsResend, { params: { orgId, id } }),
  revoke: (orgId: string, id: string) => callApi(api.deleteInvitationsById, { params: { orgId, id } }),
}

export const rolesApi = {
  create: (orgId: string, input: RoleInput): Promise<Role> => callApi(api.postRoles, { params: { orgId }, body: input }),
  update: (orgId: string, id: string, patch: RolePatch): Promise<Role> => callApi(api.patchRolesById, { params: { orgId, id }, body: patch }),
  remove: (orgId: string, id: string) => callApi(api.deleteRolesById, { params: { orgId, id } }),
  setPermissions: (orgId: string, id: string, rows: RolePermission[]): Promise<RolePermission[]> =>
    callApi(api.putRolesPermissions, { params: { orgId, id }, body: rows }),
}

/** One change to roles: refresh the list and say so; on failure the server's message, else the spec's fallback. */
export function useRoleAction<V, R>(orgId: string, run: (vars: V) => Promise<R>, failure: string, success?: (result: R, vars: V) => string) {
  return useSettingsAction((qc) => void qc.invalidateQueries({ queryKey: rolesKey(orgId) }), run, failure, success)
}

/** One change to the members: refresh them and the roles (their member counts). */
export function useMemberAction<V, R>(orgId: string, run: (vars: V) => Promise<R>, failure: string, success?: (result: R, vars: V) => string) {
  const refresh = (qc: QueryClient) => {
    void qc.invalidateQueries({ queryKey: membersKey(orgId) })
    void qc.invalidateQueries({ queryKey: rolesKey(orgId) })
  }
  return useSettingsAction(refresh, run, failure, success)
}

/** One change to the invitations: refresh the pending list. */
export function useInvitationAction<V, R>(orgId: string, run: (vars: V) => Promise<R>, failure: string, success?: (result: R, vars: V) => string) {
  return useSettingsAction((qc) => void qc.invalidateQueries({ queryKey: invitationsKey(orgId) }), run, failure, success)
}
