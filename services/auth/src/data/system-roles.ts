import { SYSTEM_ROLE_NAMES, type SystemRoleName } from '@plumbline/contracts'

/**
 * System roles have no organisation, so (organizationId, name) cannot key them (NULLs never
 * collide in a unique index); fixed ids make seeding idempotent and let code name them.
 */
export const SYSTEM_ROLE_IDS: Record<SystemRoleName, string> = {
  Owner: 'system-role-owner',
  Admin: 'system-role-admin',
  Member: 'system-role-member',
  Viewer: 'system-role-viewer',
}

export const SYSTEM_ROLE_DESCRIPTIONS: Record<SystemRoleName, string> = {
  Owner: 'Full access, including team management',
  Admin: 'Full access to work; manages team members but cannot remove them',
  Member: 'Creates, edits and shares estimates, meetings and projects',
  Viewer: 'Read-only access',
}

export const systemRoleEntries = () => SYSTEM_ROLE_NAMES.map((name) => ({ name, id: SYSTEM_ROLE_IDS[name] }))
