import { ErrorCode, RequestSubjects, TASK_LINK_MESSAGES, ZResolveIdentityReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import { AppError, badRequest, isUuid } from '@plumbline/service-kit'
import { z } from 'zod'
import { findMeetingRow } from '../data/meetings-repo.js'
import type { MeetingsDeps } from '../deps.js'

type Deps = Pick<MeetingsDeps, 'prisma' | 'bus' | 'logger'>
export type TaskLinks = { estimateId?: string | null; meetingId?: string | null; assigneeUserId?: string | null }

/** The estimates service answers the whole document; only whether it was found matters here. */
const ZFound = z.object({ found: z.boolean() })
const LOOKUP_TIMEOUT_MS = 3_000

const notHere = (field: keyof typeof TASK_LINK_MESSAGES) => badRequest(TASK_LINK_MESSAGES[field], [{ field, message: TASK_LINK_MESSAGES[field] }])

/** Asks another service; when it cannot answer, the task waits (503) rather than keep a link nobody checked. */
async function ask<T>(deps: Deps, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, what }, 'task link could not be checked')
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The task could not be saved right now. Please try again in a moment.', undefined, {
      'retry-after': '5',
    })
  }
}

/**
 * Refuses (400, naming the field) a link to another organisation's estimate, meeting or user, or
 * to none at all: the meeting from this service's own rows, the estimate from the estimates
 * service (its document request answers found: false for another organisation), the assignee
 * from auth's identity look-up (a member of this organisation). Null and absent links pass.
 */
export async function refuseForeignLinks(deps: Deps, orgId: string, links: TaskLinks): Promise<void> {
  const { meetingId, estimateId, assigneeUserId } = links
  if (meetingId && !(isUuid(meetingId) && (await findMeetingRow(deps.prisma, orgId, meetingId)))) throw notHere('meetingId')
  if (estimateId) {
    const reply = await ask(deps, 'estimate', () =>
      request(deps.bus, RequestSubjects.estimateDocument, { orgId, estimateId }, { schema: ZFound, timeoutMs: LOOKUP_TIMEOUT_MS }),
    )
    if (!reply.found) throw notHere('estimateId')
  }
  if (assigneeUserId) {
    const identity = await ask(deps, 'assignee', () =>
      request(deps.bus, RequestSubjects.resolveIdentity, { userId: assigneeUserId }, { schema: ZResolveIdentityReply, timeoutMs: LOOKUP_TIMEOUT_MS }),
    )
    if (!identity?.memberships.some((m) => m.orgId === orgId)) throw notHere('assigneeUserId')
  }
}

/** The links a change sets to something new (unchanged and cleared ones need no look-up). */
export function changedLinks(body: TaskLinks, current: { estimateId: string | null; meetingId: string | null; assigneeUserId: string | null }): TaskLinks {
  const changed = (key: keyof TaskLinks) => (body[key] && body[key] !== current[key] ? body[key] : undefined)
  return { estimateId: changed('estimateId'), meetingId: changed('meetingId'), assigneeUserId: changed('assigneeUserId') }
}
