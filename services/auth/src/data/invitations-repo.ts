import type { Invitation } from '@plumbline/contracts'
import { hashToken } from '../domain/tokens.js'
import type { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

const withNames = { role: true, invitedBy: true, organization: true } as const
export type InvitationRow = Prisma.InvitationGetPayload<{ include: typeof withNames }>

/** "Dana Roofer", else the address; null once the inviter's account is gone. */
export function personName(user: { firstName: string | null; lastName: string | null; email: string } | null): string | null {
  if (!user) return null
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
  return name || user.email
}

export function toInvitation(row: InvitationRow, now = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    roleId: row.roleId,
    roleName: row.role.name,
    invitedBy: personName(row.invitedBy),
    status: row.expiresAt > now ? 'pending' : 'expired',
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }
}

const open = { acceptedAt: null, revokedAt: null } as const

/** Open invitations (expired ones too, so they can be resent), newest first. */
export const listOpenInvitations = (db: Db, orgId: string) =>
  db.invitation.findMany({ where: { organizationId: orgId, ...open }, include: withNames, orderBy: [{ sentAt: 'desc' }, { id: 'desc' }] })

export const findOpenInvitation = (db: Db, orgId: string, id: string) =>
  db.invitation.findFirst({ where: { id, organizationId: orgId, ...open }, include: withNames })

export const findOpenInvitationFor = (db: Db, orgId: string, email: string) =>
  db.invitation.findFirst({ where: { organizationId: orgId, email, ...open }, include: withNames })

/** The open, unexpired invitation a mailed token stands for, or null. */
export const findLiveInvitationByToken = (db: Db, token: string, now = new Date()) =>
  db.invitation.findFirst({ where: { tokenHash: hashToken(token), ...open, expiresAt: { gt: now } }, include: withNames })

export const createInvitation = (
  db: Db,
  data: { organizationId: string; email: string; roleId: string; invitedById: string; tokenHash: string; sentAt: Date; expiresAt: Date },
) => db.invitation.create({ data, include: withNames })

/** A resend: a new token (the old link stops working) and a new expiry. */
export const reissueInvitation = (db: Db, orgId: string, id: string, data: { tokenHash: string; sentAt: Date; expiresAt: Date }) =>
  db.invitation.update({ where: { id, organizationId: orgId }, data, include: withNames })

export async function revokeInvitation(db: Db, orgId: string, id: string): Promise<void> {
  await db.invitation.update({ where: { id, organizationId: orgId }, data: { revokedAt: new Date() } })
}

/** Marks the invitation accepted unless someone else already did (or it was revoked): exactly one caller wins. */
export async function markInvitationAccepted(db: Db, orgId: string, id: string, userId: string): Promise<boolean> {
  const { count } = await db.invitation.updateMany({ where: { id, organizationId: orgId, ...open }, data: { acceptedAt: new Date(), acceptedById: userId } })
  return count === 1
}
