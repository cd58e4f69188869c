import { z } from 'zod'
import { ZEmail, ZStrongPassword } from './auth.js'
import { personName } from './text.js'

// Invitations to an organisation (the spec is silent).
// An invitation names an e-mail address and a role; its link is mailed once per send, valid for
// seven days and one use, and only its sha256 is stored. The link works for an existing account
// (which signs in as that address and joins) and for a new one (which registers and joins, with
// no organisation of its own and the address counted as verified: the link came to that inbox).

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export const INVITATION_MESSAGES = {
  notFound: 'Invitation not found',
  alreadyMember: 'This person is already a member of the organization.',
  alreadyInvited: 'An invitation to this address is already pending. Resend it from the list instead.',
  invalidLink: 'This invitation link is invalid, has expired or has already been used. Ask the person who invited you for a new one.',
  wrongAccount: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  accountExists: 'An account already exists for this e-mail address. Sign in to accept the invitation.',
  tokenRequired: 'Invalid or missing invitation token.',
} as const

export const ZInvitationStatus = z.enum(['pending', 'expired'])
export type InvitationStatus = z.infer<typeof ZInvitationStatus>

/** An open invitation as the Team section lists it (accepted and revoked ones are not listed). */
export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  invitedBy: z.string().nullable(),
  status: ZInvitationStatus,
  sentAt: z.string(),
  expiresAt: z.string(),
})
export type Invitation = z.infer<typeof ZInvitation>

export const ZInvitationInput = z.object({
  email: ZEmail,
  roleId: z.string({ error: 'Please choose a role' }).trim().min(1, 'Please choose a role').max(64, 'Role not found in this organization'),
})
export type InvitationInput = z.infer<typeof ZInvitationInput>

export const ZInvitationTokenBody = z.object({
  token: z.string({ error: INVITATION_MESSAGES.tokenRequired }).min(1, INVITATION_MESSAGES.tokenRequired).max(512, INVITATION_MESSAGES.tokenRequired),
})

/** What the invitation page shows to whoever holds the link (it was mailed to `email`). */
export const ZInvitationPreview = z.object({
  organizationName: z.string(),
  roleName: z.string(),
  invitedBy: z.string().nullable(),
  email: z.string(),
  expiresAt: z.string(),
  /** Whether an account exists for `email`: the page asks for a password or for a new account. */
  accountExists: z.boolean(),
})
export type InvitationPreview = z.infer<typeof ZInvitationPreview>

export const ZInvitationAccepted = z.object({ organizationId: z.string(), organizationName: z.string() })
export type InvitationAccepted = z.infer<typeof ZInvitationAccepted>

/** A new account made from an invitation: the address is the invitation's, so it is not asked for. */
export const ZInvitationRegisterBody = ZInvitationTokenBody.extend({
  password: ZStrongPassword,
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
})
export type InvitationRegisterBody = z.infer<typeof ZInvitationRegisterBody>

/**
 * auth.member.joined.v1: an existing account joined an organisation, by invitation or (addedBy
 * platform_admin) given a membership by a platform admin, which the tenant's feed shows.
 */
export const ZMemberJoinedV1 = z.object({
  userId: z.string(),
  email: z.string(),
  organizationId: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  roleName: z.string(),
  addedBy: z.enum(['invitation', 'platform_admin']).optional(),
})
export type MemberJoinedV1 = z.infer<typeof ZMemberJoinedV1>
