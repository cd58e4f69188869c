import { Subjects, type UserVerifiedV1 } from '@plumbline/contracts'
import { inTransaction } from '@plumbline/service-kit'
import { consumeUserToken, findUserToken } from '../data/user-tokens.js'
import { markEmailVerified } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { expiredVerificationToken, invalidVerificationToken } from '../domain/auth-errors.js'
import { recordEvent } from '../events/record-event.js'

export type VerifyEmailResult = { message: 'Email verified successfully' | 'Email already verified' }

/**
 * Confirms inbox access. A token whose user is already verified answers "already verified"
 * (the page counts that as success): the same link opened twice, or after a password reset
 * verified the address, should not look like an error.
 */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<VerifyEmailResult> {
  const record = await findUserToken(deps.prisma, token, 'verify_email')
  if (!record || record.user.deletedAt) throw invalidVerificationToken()
  if (record.user.emailVerifiedAt) return { message: 'Email already verified' }
  if (record.usedAt) throw invalidVerificationToken()
  if (record.expiresAt.getTime() <= Date.now()) throw expiredVerificationToken()
  await inTransaction(deps, async (tx) => {
    if (!(await consumeUserToken(tx, record.id))) throw invalidVerificationToken()
    await markEmailVerified(tx, record.userId)
    await recordEvent<UserVerifiedV1>(tx, {
      type: Subjects.userVerified,
      orgId: null,
      actorId: record.userId,
      data: { userId: record.userId, email: record.user.email },
    })
  })
  return { message: 'Email verified successfully' }
}
