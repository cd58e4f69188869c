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

/**
 * The flags set in `rows` that `held` lacks, as "module action" labels (e.g. "team delete"), in
 * the matrix's order: what a role would give beyond the actor's own rights.
 */
export function permissionsBeyond(held: PermissionSet, rows: readonly Flags[]): string[] {
  const missing: string[] = []
  for (const module of PERMISSION_MODULES)
    for (const row of rows.filter((r) => r.module === module))
      for (const [flag, action] of FLAG_ACTIONS) if (row[flag] === true && !held[module]?.includes(action)) missing.push(`${module} ${action}`)
  return missing
}

/** What a role's flags give beyond the actor's own rights; nothing for an Owner, who holds all. */
export function beyondActor(actor: { orgRole?: string | null; permissions: PermissionSet }, rows: readonly Flags[]): string[] {
  return actor.orgRole === 'Owner' ? [] : permissionsBeyond(actor.permissions, rows)
}
