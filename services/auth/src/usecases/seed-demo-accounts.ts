import { type OrganizationCreatedV1, Subjects, type UserRegisteredV1 } from '@plumbline/contracts'
import { invalidateIdentity } from '../data/identity-cache.js'
import { SYSTEM_ROLE_IDS } from '../data/system-roles.js'
import type { AuthDeps, Tx } from '../deps.js'
import { isUniqueViolation } from '../domain/auth-errors.js'
import { hashPassword } from '../domain/passwords.js'
import { recordEvent } from '../events/record-event.js'
import { DEMO_ACCOUNT_LIST, DEMO_ORGANIZATION } from '../seed/demo-accounts.js'

type DemoAccount = (typeof DEMO_ACCOUNT_LIST)[number]

/** Returns true when the organisation was created now. */
async function ensureOrganization(tx: Tx): Promise<boolean> {
  if (await tx.organization.findUnique({ where: { id: DEMO_ORGANIZATION.id } })) return false
  await tx.organization.create({ data: { ...DEMO_ORGANIZATION } })
  return true
}

/** Creates the account when missing; an existing one keeps its password (someone may have changed it). */
async function ensureAccount(tx: Tx, account: DemoAccount, passwordHash: string): Promise<string> {
  const existing = await tx.user.findUnique({ where: { email: account.email } })
  const user =
    existing ??
    (await tx.user.create({
      data: {
        email: account.email,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        systemRole: account.systemRole,
        emailVerifiedAt: new Date(),
      },
    }))
  const member = await tx.membership.findUnique({ where: { userId_organizationId: { userId: user.id, organizationId: DEMO_ORGANIZATION.id } } })
  if (!member) {
    await tx.membership.create({ data: { userId: user.id, organizationId: DEMO_ORGANIZATION.id, roleId: SYSTEM_ROLE_IDS[account.orgRole] } })
  }
  if (!existing) {
    await recordEvent<UserRegisteredV1>(tx, {
      type: Subjects.userRegistered,
      orgId: DEMO_ORGANIZATION.id,
      actorId: null,
      data: { userId: user.id, email: user.email, organizationId: DEMO_ORGANIZATION.id, firstName: user.firstName, lastName: user.lastName },
    })
  }
  return user.id
}

/** Idempotent demo data for `npm start`: the demo organisation, its owner and a platform admin. */
export async function seedDemoAccounts(deps: Pick<AuthDeps, 'prisma' | 'redis' | 'env'>): Promise<void> {
  const hashes = await Promise.all(DEMO_ACCOUNT_LIST.map((a) => hashPassword(a.password)))
  const run = () =>
    deps.prisma.$transaction(async (tx) => {
      const created = await ensureOrganization(tx)
      const ids: string[] = []
      for (const [i, account] of DEMO_ACCOUNT_LIST.entries()) ids.push(await ensureAccount(tx, account, hashes[i]))
      if (created) {
        await recordEvent<OrganizationCreatedV1>(tx, {
          type: Subjects.organizationCreated,
          orgId: DEMO_ORGANIZATION.id,
          actorId: null,
          data: { organizationId: DEMO_ORGANIZATION.id, name: DEMO_ORGANIZATION.name, ownerId: ids[0] },
        })
      }
      return ids
    })
  let userIds: string[]
  try {
    userIds = await run()
  } catch (err) {
    // Another instance seeded at the same moment; a second pass finds its rows.
    if (!isUniqueViolation(err)) throw err
    userIds = await run()
  }
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, ...userIds)
}
