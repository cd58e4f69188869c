import type { Invitation, InvitationInput, Member, Role, RoleInput, RolePatch, RolePermission } from '@plumbline/contracts'
import { apiJson } from '@plumbline/web'
import type { QueryClient } from '@tanstack/react-query'
import { useSettingsAction } from '../catalog/use-catalog-action'

// Requests of the Roles tab (spec 001 §7 Settings). Query keys are the GET they make (spec 000 §7).

const rolesPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/roles`
export const rolesKey = (orgId: string) => ['/api/organizations', orgId, 'roles'] as const
export const permissionsKey = (orgId: string, roleId: string) => ['/api/organizations', orgId, 'roles', roleId, 'permissions'] as const

const membersPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/members`
export const membersKey = (orgId: string) => ['/api/organizations', orgId, 'members'] as const

export const membersApi = {
  changeRole: (orgId: string, userId: string, roleId: string) => apiJson<Member>('PATCH', `${membersPath(orgId)}/${encodeURIComponent(userId)}`, { roleId }),
  remove: (orgId: string, userId: string) => apiJson<void>('DELETE', `${membersPath(orgId)}/${encodeURIComponent(userId)}`),
}

const invitationsPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/invitations`
export const invitationsKey = (orgId: string) => ['/api/organizations', orgId, 'invitations'] as const

export const invitationsApi = {
  send: (orgId: string, input: InvitationInput) => apiJson<Invitation>('POST', invitationsPath(orgId), input),
  resend: (orgId: string, id: string) => apiJson<Invitation>('POST', `${invitationsPath(orgId)}/${encodeURIComponent(id)}/resend`),
  revoke: (orgId: string, id: string) => apiJson<void>('DELETE', `${invitationsPath(orgId)}/${encodeURIComponent(id)}`),
}

export const rolesApi = {
  create: (orgId: string, input: RoleInput) => apiJson<Role>('POST', rolesPath(orgId), input),
  update: (orgId: string, id: string, patch: RolePatch) => apiJson<Role>('PATCH', `${rolesPath(orgId)}/${encodeURIComponent(id)}`, patch),
  remove: (orgId: string, id: string) => apiJson<void>('DELETE', `${rolesPath(orgId)}/${encodeURIComponent(id)}`),
  setPermissions: (orgId: string, id: string, rows: RolePermission[]) =>
    apiJson<RolePermission[]>('PUT', `${rolesPath(orgId)}/${encodeURIComponent(id)}/permissions`, rows),
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
