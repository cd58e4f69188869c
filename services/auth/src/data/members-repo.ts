import type { Member } from '@plumbline/contracts'
import type { Prisma, PrismaClient } from '../generated/prisma/client.js'

type Db = PrismaClient | Prisma.TransactionClient
const withPeople = { user: true, role: true } as const
type MembershipRow = Prisma.MembershipGetPayload<{ include: typeof withPeople }>

export function toMember(row: MembershipRow): Member {
  return {
    userId: row.userId,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    email: row.user.email,
    roleId: row.roleId,
    roleName: row.role.name,
    joinedAt: row.createdAt.toISOString(),
  }
}

/** The organisation's members (deleted accounts left out), longest-standing first. */
export const listMemberRows = (db: Db, orgId: string) =>
  db.membership.findMany({ where: { organizationId: orgId, user: { deletedAt: null } }, include: withPeople, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })

export const findMemberRow = (db: Db, orgId: string, userId: string) =>
  db.membership.findFirst({ where: { organizationId: orgId, userId, user: { deletedAt: null } }, include: withPeople })

export const countMembersWithRole = (db: Db, orgId: string, roleId: string) => db.membership.count({ where: { organizationId: orgId, roleId } })

/** Serialises membership changes of one organisation (two Owners demoting each other at once). */
export async function lockOrganizationMembers(db: Db, orgId: string): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`members:${orgId}`}, 0))`
}
