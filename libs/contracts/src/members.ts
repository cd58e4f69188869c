import { z } from 'zod'

// An organisation's members (the spec is silent): listed
// for every member (the task assignee picker needs them), role changes and removal under the
// `team` module, and an organisation never left without an Owner.

export const MEMBER_MESSAGES = {
  notFound: 'Member not found',
  lastOwner: 'An organization needs at least one Owner. Make another member Owner first.',
  roleRequired: 'Please choose a role',
  roleNotFound: 'Role not found in this organization',
} as const

export const ZMember = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  joinedAt: z.string(),
})
export type Member = z.infer<typeof ZMember>

export const ZMemberRoleBody = z.object({
  roleId: z.string({ error: MEMBER_MESSAGES.roleRequired }).trim().min(1, MEMBER_MESSAGES.roleRequired).max(64, MEMBER_MESSAGES.roleNotFound),
})
export type MemberRoleBody = z.infer<typeof ZMemberRoleBody>
