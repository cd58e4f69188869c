import type { Tx } from '../deps.js'
import type { PrismaClient } from '../generated/prisma/client.js'

/**
 * A live user with memberships oldest first: the first organisation is the active one
 * (spec 000 §1), so the order is part of the contract. Soft-deleted users do not exist here.
 */
export function loadUserWithMemberships(db: PrismaClient | Tx, userId: string) {
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

export const findLiveUserByEmail = (db: PrismaClient | Tx, email: string) => db.user.findFirst({ where: { email, deletedAt: null } })
