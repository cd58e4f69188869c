import { SYSTEM_ROLE_PERMISSIONS, toRolePermissions } from '@plumbline/contracts'
import { inTransaction } from '@plumbline/service-kit'
import { upsertSystemRole } from '../data/roles-repo.js'
import { SYSTEM_ROLE_DESCRIPTIONS, systemRoleEntries } from '../data/system-roles.js'
import type { AuthDeps } from '../deps.js'
import { isUniqueViolation } from '../domain/auth-errors.js'

async function upsertSystemRoles(deps: Pick<AuthDeps, 'prisma'>): Promise<void> {
  await inTransaction(deps, async (tx) => {
    for (const { id, name } of systemRoleEntries()) {
      await upsertSystemRole(tx, { id, name, description: SYSTEM_ROLE_DESCRIPTIONS[name] }, toRolePermissions(SYSTEM_ROLE_PERMISSIONS[name]))
    }
  })
}

/**
 * Makes the built-in roles match SYSTEM_ROLE_PERMISSIONS on every start (they are read-only in
 * the UI, so the code is their source of truth). Two instances starting together may collide
 * on an insert; the loser simply runs again and finds the rows.
 */
export async function seedSystemRoles(deps: Pick<AuthDeps, 'prisma'>): Promise<void> {
  try {
    await upsertSystemRoles(deps)
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    await upsertSystemRoles(deps)
  }
}
