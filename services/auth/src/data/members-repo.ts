import type { Member } from '@plumbline/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

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

/** A live member of the organisation by address (someone invited who already belongs). */
export const findMemberByEmail = (db: Db, orgId: string, email: string) =>
  db.membership.findFirst({ where: { organizationId: orgId, user: { email, deletedAt: null } } })

/** Whether the user holds a membership here at all (seeding: a deleted account's row counts). */
export async function hasMembership(db: Db, orgId: string, userId: string): Promise<boolean> {
  return !!(await db.membership.findUnique({ where: { userId_organizationId: { userId, organizationId: orgId } } }))
}

export async function addMember(db: Db, orgId: string, userId: string, roleId: string): Promise<void> {
  await db.membership.create({ data: { userId, organizationId: orgId, roleId } })
}

/** Adds the membership, or gives an existing one this role. */
export async function putMember(db: Db, orgId: string, userId: string, roleId: string): Promise<void> {
  await db.membership.upsert({
    where: { userId_organizationId: { userId, organizationId: orgId } },
    create: { userId, organizationId: orgId, roleId },
    update: { roleId },
  })
}

export const setMemberRole = (db: Db, orgId: string, membershipId: string, roleId: string) =>
  db.membership.update({ where: { id: membershipId, organizationId: orgId }, data: { roleId }, include: withPeople })

export async function deleteMember(db: Db, orgId: string, membershipId: string): Promise<void> {
  await db.membership.delete({ where: { id: membershipId, organizationId: orgId } })
}

export const countMembersWithRole = (db: Db, orgId: string, roleId: string) => db.membership.count({ where: { organizationId: orgId, roleId } })

/** Serialises membership changes of one organisation (two Owners demoting each other at once). */
export async function lockOrganizationMembers(db: Db, orgId: string): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`members:${orgId}`}, 0))`
}
