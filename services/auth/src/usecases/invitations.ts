import {
  ErrorCode,
  INVITATION_MESSAGES,
  INVITATION_TTL_MS,
  type Invitation,
  type InvitationAccepted,
  type InvitationInput,
  type InvitationPreview,
  type InvitationRegisterBody,
  MEMBER_MESSAGES,
  type MemberJoinedV1,
  Subjects,
  type UserRegisteredV1,
} from '@plumbline/contracts'
import { AppError, badRequest, inTransaction, type OrgContext } from '@plumbline/service-kit'
import type { Tx } from '../data/db.js'
import { invalidateIdentity } from '../data/identity-cache.js'
import {
  createInvitation,
  findLiveInvitationByToken,
  findOpenInvitation,
  findOpenInvitationFor,
  type InvitationRow,
  listOpenInvitations,
  markInvitationAccepted,
  personName,
  reissueInvitation,
  revokeInvitation as revokeInvitationRow,
  toInvitation,
} from '../data/invitations-repo.js'
import { addMember, findMemberByEmail, findMemberRow, lockOrganizationMembers } from '../data/members-repo.js'
import { findVisibleRole, permissionsOf } from '../data/roles-repo.js'
import { SYSTEM_ROLE_IDS } from '../data/system-roles.js'
import { createUser, findLiveUserByEmail, loadLiveUser, markEmailVerified } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { isUniqueViolation } from '../domain/auth-errors.js'
import { hashPassword } from '../domain/passwords.js'
import { beyondActor } from '../domain/permissions.js'
import { roleBeyondOwn } from '../domain/role-errors.js'
import { generateToken, hashToken } from '../domain/tokens.js'
import { recordEvent } from '../events/record-event.js'
import { invitationMail } from '../mail/templates.js'

type Deps = Pick<AuthDeps, 'prisma' | 'redis' | 'env' | 'mailer'>

const invitationNotFound = () => new AppError(404, ErrorCode.NOT_FOUND, INVITATION_MESSAGES.notFound)
const invalidLink = () => new AppError(404, ErrorCode.NOT_FOUND, INVITATION_MESSAGES.invalidLink)
const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message)
const ownersOnly = () => new AppError(403, ErrorCode.FORBIDDEN, 'Only an Owner can invite someone as Owner')

export const invitationUrl = (appUrl: string, token: string) => `${appUrl}/invite?token=${encodeURIComponent(token)}`

/** A fresh token for a send: the raw value goes only into the mail. */
function newLink(now = new Date()) {
  const token = generateToken()
  return { token, tokenHash: hashToken(token), sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) }
}

function mailInvitation(deps: Deps, row: InvitationRow, token: string): void {
  deps.mailer.sendInBackground(
    invitationMail({
      to: row.email,
      organizationName: row.organization.name,
      invitedBy: personName(row.invitedBy),
      roleName: row.role.name,
      url: invitationUrl(deps.env.APP_URL, token),
    }),
  )
}

export async function listInvitations(deps: Pick<AuthDeps, 'prisma'>, ctx: OrgContext): Promise<Invitation[]> {
  const now = new Date()
  return (await listOpenInvitations(deps.prisma, ctx.orgId)).map((row) => toInvitation(row, now))
}

/**
 * Invites an address with a role of this organisation (one within the inviter's own rights) and
 * mails the link. One open invitation
 * per address: a pending one is resent from the list instead; an expired one is replaced. The
 * members lock serialises this with joins, so an address never gets two open invitations.
 */
export async function inviteMember(deps: Deps, ctx: OrgContext, input: InvitationInput): Promise<Invitation> {
  const link = newLink()
  const row = await inTransaction(deps, async (tx) => {
    await lockOrganizationMembers(tx, ctx.orgId)
    const role = await findVisibleRole(tx, ctx.orgId, input.roleId)
    if (!role) throw badRequest(MEMBER_MESSAGES.roleNotFound, [{ field: 'roleId', message: MEMBER_MESSAGES.roleNotFound }])
    if (role.id === SYSTEM_ROLE_IDS.Owner && ctx.orgRole !== 'Owner') throw ownersOnly()
    // Inviting gives the role: nobody gives one carrying permissions they lack.
    const given = beyondActor(ctx, await permissionsOf(tx, role.id))
    if (given.length) throw roleBeyondOwn(given, 'roleId')
    const member = await findMemberByEmail(tx, ctx.orgId, input.email)
    if (member) throw conflict(INVITATION_MESSAGES.alreadyMember)
    const open = await findOpenInvitationFor(tx, ctx.orgId, input.email)
    if (open && open.expiresAt > link.sentAt) throw conflict(INVITATION_MESSAGES.alreadyInvited)
    if (open) await revokeInvitationRow(tx, ctx.orgId, open.id)
    return createInvitation(tx, {
      organizationId: ctx.orgId,
      email: input.email,
      roleId: role.id,
      invitedById: ctx.userId,
      tokenHash: link.tokenHash,
      sentAt: link.sentAt,
      expiresAt: link.expiresAt,
    })
  })
  mailInvitation(deps, row, link.token)
  return toInvitation(row)
}

/** Mails a new link (the earlier one stops working) with seven more days. */
export async function resendInvitation(deps: Deps, ctx: OrgContext, invitationId: string): Promise<Invitation> {
  const link = newLink()
  const row = await inTransaction(deps, async (tx) => {
    await lockOrganizationMembers(tx, ctx.orgId)
    const open = await findOpenInvitation(tx, ctx.orgId, invitationId)
    if (!open) throw invitationNotFound()
    return reissueInvitation(tx, ctx.orgId, open.id, { tokenHash: link.tokenHash, sentAt: link.sentAt, expiresAt: link.expiresAt })
  })
  mailInvitation(deps, row, link.token)
  return toInvitation(row)
}

export async function revokeInvitation(deps: Pick<AuthDeps, 'prisma'>, ctx: OrgContext, invitationId: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await lockOrganizationMembers(tx, ctx.orgId)
    const open = await findOpenInvitation(tx, ctx.orgId, invitationId)
    if (!open) throw invitationNotFound()
    await revokeInvitationRow(tx, ctx.orgId, open.id)
  })
}

/** What the link's page shows. Any token that is not open and unexpired is the same "invalid link". */
export async function previewInvitation(deps: Pick<AuthDeps, 'prisma'>, token: string): Promise<InvitationPreview> {
  const row = await findLiveInvitationByToken(deps.prisma, token)
  if (!row) throw invalidLink()
  return {
    organizationName: row.organization.name,
    roleName: row.role.name,
    invitedBy: personName(row.invitedBy),
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
    accountExists: !!(await findLiveUserByEmail(deps.prisma, row.email)),
  }
}

/**
 * A signed-in account accepts: it must be the invited address (a forwarded link is refused).
 * Joining proves the inbox, so an unverified address becomes verified. Someone who is already a
 * member keeps their role and the invitation is used up.
 */
export async function acceptInvitation(deps: Deps, caller: { userId: string; email: string }, token: string): Promise<InvitationAccepted> {
  const joined = await inTransaction(deps, async (tx) => {
    const row = await claimInvitation(tx, token, caller.userId, (row) => {
      if (row.email !== caller.email.toLowerCase()) throw new AppError(403, ErrorCode.FORBIDDEN, INVITATION_MESSAGES.wrongAccount)
    })
    const user = await loadLiveUser(tx, caller.userId)
    if (!user.emailVerifiedAt) await markEmailVerified(tx, user.id)
    if (!(await findMemberRow(tx, row.organizationId, user.id))) {
      await addMember(tx, row.organizationId, user.id, row.roleId)
      await recordEvent<MemberJoinedV1>(tx, {
        type: Subjects.memberJoined,
        orgId: row.organizationId,
        actorId: user.id,
        data: {
          userId: user.id,
          email: user.email,
          organizationId: row.organizationId,
          firstName: user.firstName,
          lastName: user.lastName,
          roleName: row.role.name,
        },
      })
    }
    return row
  })
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, caller.userId)
  return { organizationId: joined.organizationId, organizationName: joined.organization.name }
}

/**
 * A new account from an invitation: the invited address, verified, a member of the inviting
 * organisation only (no organisation of its own). Works while public sign-up is switched off:
 * an invitation is how invite-only teams grow.
 */
export async function registerFromInvitation(deps: Deps, body: InvitationRegisterBody): Promise<InvitationAccepted> {
  const passwordHash = await hashPassword(body.password)
  try {
    return await inTransaction(deps, async (tx) => {
      const invited = await findLiveInvitationByToken(tx, body.token)
      if (!invited) throw invalidLink()
      if (await findLiveUserByEmail(tx, invited.email)) throw conflict(INVITATION_MESSAGES.accountExists)
      const user = await createUser(tx, { email: invited.email, passwordHash, firstName: body.firstName, lastName: body.lastName, emailVerifiedAt: new Date() })
      const row = await claimInvitation(tx, body.token, user.id)
      await addMember(tx, row.organizationId, user.id, row.roleId)
      await recordEvent<UserRegisteredV1>(tx, {
        type: Subjects.userRegistered,
        orgId: row.organizationId,
        actorId: user.id,
        data: { userId: user.id, email: user.email, organizationId: row.organizationId, firstName: user.firstName, lastName: user.lastName },
      })
      return { organizationId: row.organizationId, organizationName: row.organization.name }
    })
  } catch (err) {
    // The same address registering by two routes at once.
    if (isUniqueViolation(err)) throw conflict(INVITATION_MESSAGES.accountExists)
    throw err
  }
}

/**
 * Finds the live invitation behind a token and uses it up, under the organisation's members
 * lock; `check` may refuse the caller first. Exactly one of two racing accepts wins; the other,
 * like an unknown, expired, revoked or used token, gets the same invalid-link answer.
 */
async function claimInvitation(tx: Tx, token: string, userId: string, check?: (row: InvitationRow) => void): Promise<InvitationRow> {
  const found = await findLiveInvitationByToken(tx, token)
  if (!found) throw invalidLink()
  await lockOrganizationMembers(tx, found.organizationId)
  check?.(found)
  if (!(await markInvitationAccepted(tx, found.organizationId, found.id, userId))) throw invalidLink()
  return found
}
