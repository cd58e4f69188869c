import { ErrorCode, Subjects, type UserDeletedV1 } from '@plumbline/contracts'
import { AppError, notFound } from '@plumbline/service-kit'
import { invalidateIdentity } from '../data/identity-cache.js'
import { revokeUserSessions } from '../data/sessions.js'
import { retireUserTokens } from '../data/user-tokens.js'
import { type AuthDeps, sessionStore } from '../deps.js'
import { recordEvent } from '../events/record-event.js'

/** Where a deleted account's address goes, so the real address can sign up again. */
export const deletedEmailPlaceholder = (userId: string) => `deleted+${userId}@deleted.plumbline.invalid`

/**
 * Soft-deletes an account (platform admin action): the row stays for history, the address is
 * freed, open tokens die, and every session and cached identity ends at once.
 */
export async function deleteUser(deps: AuthDeps, input: { userId: string; actorId: string }): Promise<void> {
  if (input.userId === input.actorId) throw new AppError(403, ErrorCode.FORBIDDEN, 'You cannot delete your own account')
  await deps.prisma.$transaction(async (tx) => {
    const user = await tx.user.findFirst({ where: { id: input.userId, deletedAt: null } })
    if (!user) throw notFound('User')
    await tx.user.update({
      where: { id: user.id },
      data: { deletedAt: new Date(), deletedEmail: user.email, email: deletedEmailPlaceholder(user.id), requirePasswordReset: false },
    })
    await retireUserTokens(tx, user.id)
    await recordEvent<UserDeletedV1>(tx, { type: Subjects.userDeleted, orgId: null, actorId: input.actorId, data: { userId: user.id } })
  })
  await revokeUserSessions(sessionStore(deps), input.userId)
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, input.userId)
}
