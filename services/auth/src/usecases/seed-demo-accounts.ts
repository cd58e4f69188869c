import { type OrganizationCreatedV1, Subjects, type UserRegisteredV1 } from '@plumbline/contracts'
import { inTransaction } from '@plumbline/service-kit'
import type { Tx } from '../data/db.js'
import { invalidateIdentity } from '../data/identity-cache.js'
import { addMember, hasMembership } from '../data/members-repo.js'
import { createOrganization, findOrganization } from '../data/organizations-repo.js'
import { SYSTEM_ROLE_IDS } from '../data/system-roles.js'
import { createUser, findUserByEmail } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { isUniqueViolation } from '../domain/auth-errors.js'
import { hashPassword } from '../domain/passwords.js'
import { recordEvent } from '../events/record-event.js'
import { DEMO_ACCOUNT_LIST, DEMO_ORGANIZATION } from '../seed/demo-accounts.js'

type DemoAccount = (typeof DEMO_ACCOUNT_LIST)[number]

/** Returns true when the organisation was created now. */
async function ensureOrganization(tx: Tx): Promise<boolean> {
  if (await findOrganization(tx, DEMO_ORGANIZATION.id)) return false
  await createOrganization(tx, { ...DEMO_ORGANIZATION })
  return true
}

/** Creates the account when missing; an existing one keeps its password (someone may have changed it). */
async function ensureAccount(tx: Tx, account: DemoAccount, passwordHash: string): Promise<string> {
  const existing = await findUserByEmail(tx, account.email)
  const user =
    existing ??
    (await createUser(tx, {
      email: account.email,
      passwordHash,
      firstName: account.firstName,
      lastName: account.lastName,
      systemRole: account.systemRole,
      emailVerifiedAt: new Date(),
    }))
  if (!(await hasMembership(tx, DEMO_ORGANIZATION.id, user.id))) await addMember(tx, DEMO_ORGANIZATION.id, user.id, SYSTEM_ROLE_IDS[account.orgRole])
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
    inTransaction(deps, async (tx) => {
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
