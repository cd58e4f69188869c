import type { Member } from '@plumbline/contracts'
import { apiKey } from '@plumbline/web'

/** The organisation's members (the auth service's GET /members): task assignees. */
export const membersKey = (orgId: string) => apiKey('getMembers', { orgId })

export const memberName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email
