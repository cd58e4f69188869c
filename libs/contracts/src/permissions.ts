import { z } from 'zod'

export const PERMISSION_MODULES = ['cost_estimator', 'ai_notetaker', 'projects', 'team'] as const
export const ZPermissionModule = z.enum(PERMISSION_MODULES)
export type PermissionModule = z.infer<typeof ZPermissionModule>

export const PERMISSION_ACTIONS = ['access', 'create', 'edit', 'delete', 'share'] as const
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number]

export const ZRolePermission = z.object({
  module: ZPermissionModule,
  canAccess: z.boolean(),
  canCreate: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canShare: z.boolean(),
})
export type RolePermission = z.infer<typeof ZRolePermission>

/** Compact form carried in the identity token: module -> actions allowed. */
export type PermissionSet = Partial<Record<PermissionModule, PermissionAction[]>>

export const SYSTEM_ROLE_NAMES = ['Owner', 'Admin', 'Member', 'Viewer'] as const
export type SystemRoleName = (typeof SYSTEM_ROLE_NAMES)[number]

const all: PermissionAction[] = ['access', 'create', 'edit', 'delete', 'share']
/** Flags of the built-in organisation roles (read-only in settings). */
export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRoleName, PermissionSet> = {
  Owner: { cost_estimator: all, ai_notetaker: all, projects: all, team: all },
  Admin: { cost_estimator: all, ai_notetaker: all, projects: all, team: ['access', 'create', 'edit'] },
  Member: {
    cost_estimator: ['access', 'create', 'edit', 'share'],
    ai_notetaker: ['access', 'create', 'edit'],
    projects: ['access', 'create', 'edit'],
    team: ['access'],
  },
  Viewer: { cost_estimator: ['access'], ai_notetaker: ['access'], projects: ['access'], team: ['access'] },
}

export function can(permissions: PermissionSet, module: PermissionModule, action: PermissionAction): boolean {
  return permissions[module]?.includes(action) ?? false
}

export function toRolePermissions(set: PermissionSet): RolePermission[] {
  return PERMISSION_MODULES.map((module) => {
    const actions = set[module] ?? []
    return {
      module,
      canAccess: actions.includes('access'),
      canCreate: actions.includes('create'),
      canEdit: actions.includes('edit'),
      canDelete: actions.includes('delete'),
      canShare: actions.includes('share'),
    }
  })
}
