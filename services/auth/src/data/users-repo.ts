import type { CurrentUser, SystemRole, UserOrganization } from '@plumbline/contracts'
import type { Db } from './db.js'

// Accounts are not an organisation's: these functions take the user. A soft-deleted account
// (deletedAt set) is not "live" and is found only where a function says so.

/**
 * A live user with memberships oldest first: the first organisation is the active one
 * (spec 000 §1), so the order is part of the contract. Soft-deleted users do not exist here.
 */
export function loadUserWithMemberships(db: Db, userId: string) {
  return db.user.findFirst({
    where: { id: userId, deletedAt: null },
    include: {
      memberships: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: { organization: true, role: { include: { permissions: true } } },
      },
    },
  })
}
export type UserWithMemberships = NonNullable<Awaited<ReturnType<typeof loadUserWithMemberships>>>

export const findLiveUserByEmail = (db: Db, email: string) => db.user.findFirst({ where: { email, deletedAt: null } })

export const findLiveUser = (db: Db, userId: string) => db.user.findFirst({ where: { id: userId, deletedAt: null } })

/** The live user, or Prisma's not-found error: for a caller whose account is known to exist. */
export const loadLiveUser = (db: Db, userId: string) => db.user.findFirstOrThrow({ where: { id: userId, deletedAt: null } })

/** The account holding the address, deleted or not (deletion frees the address, so a match is live). */
export const findUserByEmail = (db: Db, email: string) => db.user.findUnique({ where: { email } })

/** A live user with the organisations and roles they belong to (membership rows only). */
export const findLiveUserWithMembershipRows = (db: Db, userId: string) =>
  db.user.findFirst({ where: { id: userId, deletedAt: null }, include: { memberships: true } })

export type NewUser = {
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  systemRole?: SystemRole
  emailVerifiedAt?: Date
  requirePasswordReset?: boolean
}

export const createUser = (db: Db, data: NewUser) => db.user.create({ data })

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } })
}

/** A new password ends any forced reset; `emailVerifiedAt` when setting it proved the inbox. */
export async function setPassword(db: Db, userId: string, passwordHash: string, emailVerifiedAt?: Date): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { passwordHash, requirePasswordReset: false, ...(emailVerifiedAt ? { emailVerifiedAt } : {}) } })
}

export async function setSystemRole(db: Db, userId: string, systemRole: SystemRole): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { systemRole } })
}

/** Soft delete: the row stays for history, its address moves to `placeholder` so the real one is free again. */
export async function markUserDeleted(db: Db, user: { id: string; email: string }, placeholder: string): Promise<void> {
  await db.user.update({
    where: { id: user.id },
    data: { deletedAt: new Date(), deletedEmail: user.email, email: placeholder, requirePasswordReset: false },
  })
}

/** Every live account, newest first, with its organisations (oldest membership first). */
export const listLiveUsersWithOrganizations = (db: Db) =>
  db.user.findMany({
    where: { deletedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: { memberships: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: { organization: true } } },
  })

type CurrentUserRow = Omit<CurrentUser, 'organizations'> & { organizations: UserOrganization[] }

/**
 * The signed-in user with organisations, the active (oldest membership) first, or undefined. Every
 * page load asks for it, so it is one query with the memberships aggregated in the database
 * (Prisma's nested include took five round trips on this hot path; docs/adr/0010).
 */
export async function readCurrentUser(db: Db, userId: string): Promise<CurrentUserRow | undefined> {
  const [user] = await db.$queryRaw<CurrentUserRow[]>`
    SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_image_url AS "profileImageUrl",
           u.system_role::text AS "systemRole", u.email_verified_at IS NOT NULL AS "emailVerified",
           u.require_password_reset AS "requirePasswordReset",
           COALESCE(json_agg(json_build_object('id', o.id, 'name', o.name, 'role', r.name, 'permissions', (
             SELECT COALESCE(json_object_agg(rp.module, ARRAY_REMOVE(ARRAY[
               CASE WHEN rp.can_access THEN 'access' END, CASE WHEN rp.can_create THEN 'create' END, CASE WHEN rp.can_edit THEN 'edit' END,
               CASE WHEN rp.can_delete THEN 'delete' END, CASE WHEN rp.can_share THEN 'share' END], NULL)), '{}')
             FROM role_permissions rp WHERE rp.role_id = r.id)) ORDER BY m.created_at, m.id)
                    FILTER (WHERE m.id IS NOT NULL), '[]') AS organizations
    FROM users u
    LEFT JOIN memberships m ON m.user_id = u.id
    LEFT JOIN organizations o ON o.id = m.organization_id
    LEFT JOIN roles r ON r.id = m.role_id
    WHERE u.id = ${userId} AND u.deleted_at IS NULL
    GROUP BY u.id`
  return user
}
