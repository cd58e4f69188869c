import type { Member } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiKey } from '@plumbline/web'

/** The organisation's members (the auth service's GET /members): task assignees. */
export const membersKey = (orgId: string) => apiKey(api.getMembers, { orgId })

export const memberName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email
