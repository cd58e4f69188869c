import { type AdminActionRecordedV1, Subjects } from '@plumbline/contracts'
import { inTransaction } from '@plumbline/service-kit'
import type { AuthDeps } from '../deps.js'
import { recordEvent } from './record-event.js'

/**
 * Tells the admin service (owner of the audit log) what a platform admin did to an account.
 * Written after the action commits: an action that failed is not audited as done.
 */
export async function recordAdminAction(deps: Pick<AuthDeps, 'prisma'>, actorId: string, action: AdminActionRecordedV1): Promise<void> {
  await inTransaction(deps, (tx) => recordEvent<AdminActionRecordedV1>(tx, { type: Subjects.adminActionRecorded, orgId: null, actorId, data: action }))
}
