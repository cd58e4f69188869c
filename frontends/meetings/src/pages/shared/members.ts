import type { Member } from '@plumbline/contracts'

/** The organisation's members (the auth service's GET /members): task assignees. */
export const membersKey = (orgId: string) => ['/api/organizations', orgId, 'members'] as const

export const memberName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email
