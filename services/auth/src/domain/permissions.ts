import { PERMISSION_MODULES, type PermissionAction, type PermissionModule, type PermissionSet, type RolePermission } from '@plumbline/contracts'

type Flags = Pick<RolePermission, 'canAccess' | 'canCreate' | 'canEdit' | 'canDelete' | 'canShare'> & { module: string }

const FLAG_ACTIONS: [keyof Flags, PermissionAction][] = [
  ['canAccess', 'access'],
  ['canCreate', 'create'],
  ['canEdit', 'edit'],
  ['canDelete', 'delete'],
  ['canShare', 'share'],
]

/** Stored per-module flags -> the compact module -> actions map carried in identities. */
export function toPermissionSet(rows: Flags[]): PermissionSet {
  const set: PermissionSet = {}
  for (const row of rows) {
    if (!(PERMISSION_MODULES as readonly string[]).includes(row.module)) continue
    const actions = FLAG_ACTIONS.filter(([flag]) => row[flag] === true).map(([, action]) => action)
    if (actions.length) set[row.module as PermissionModule] = actions
  }
  return set
}
