import { SYSTEM_ROLE_PERMISSIONS, toRolePermissions } from '@plumbline/contracts'
import { SYSTEM_ROLE_DESCRIPTIONS, systemRoleEntries } from '../data/system-roles.js'
import type { AuthDeps } from '../deps.js'
import { isUniqueViolation } from '../domain/auth-errors.js'

async function upsertSystemRoles(prisma: AuthDeps['prisma']): Promise<void> {
  await prisma.$transaction(async (tx) => {
    for (const { id, name } of systemRoleEntries()) {
      await tx.role.upsert({
        where: { id },
        create: { id, name, description: SYSTEM_ROLE_DESCRIPTIONS[name], isSystemRole: true, organizationId: null },
        update: { name, description: SYSTEM_ROLE_DESCRIPTIONS[name], isSystemRole: true },
      })
      for (const flags of toRolePermissions(SYSTEM_ROLE_PERMISSIONS[name])) {
        await tx.rolePermission.upsert({
          where: { roleId_module: { roleId: id, module: flags.module } },
          create: { roleId: id, ...flags },
          update: flags,
        })
      }
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
    await upsertSystemRoles(deps.prisma)
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    await upsertSystemRoles(deps.prisma)
  }
}
