import { inTransaction } from '@plumbline/service-kit'
import { revokeUserSessions } from '../data/sessions.js'
import { consumeUserToken, findUserToken, retireUserTokens } from '../data/user-tokens.js'
import { setPassword } from '../data/users-repo.js'
import { type AuthDeps, sessionStore } from '../deps.js'
import { expiredResetToken, invalidResetToken } from '../domain/auth-errors.js'
import { hashPassword } from '../domain/passwords.js'

export const PASSWORD_RESET_MESSAGE = 'Password has been reset successfully. You can now sign in.'

/**
 * Sets a new password from a mailed link. Every session of the user ends (whoever had the old
 * password is out), and the address counts as verified: the link proved access to the inbox.
 */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<{ message: string }> {
  const record = await findUserToken(deps.prisma, input.token, 'reset_password')
  if (!record || record.usedAt || record.user.deletedAt) throw invalidResetToken()
  if (record.expiresAt.getTime() <= Date.now()) throw expiredResetToken()
  const passwordHash = await hashPassword(input.password)
  await inTransaction(deps, async (tx) => {
    if (!(await consumeUserToken(tx, record.id))) throw invalidResetToken()
    await retireUserTokens(tx, record.userId, 'reset_password')
    await setPassword(tx, record.userId, passwordHash, record.user.emailVerifiedAt ?? new Date())
  })
  await revokeUserSessions(sessionStore(deps), record.userId)
  return { message: PASSWORD_RESET_MESSAGE }
}
