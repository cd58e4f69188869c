import { ErrorCode } from '@plumbline/contracts'
import { AppError } from '@plumbline/service-kit'
import { revokeUserSessions } from '../data/sessions.js'
import { findLiveUser, setPassword } from '../data/users-repo.js'
import { type AuthDeps, sessionStore } from '../deps.js'
import { notAuthenticated } from '../domain/auth-errors.js'
import { hashPassword } from '../domain/passwords.js'

export const TEMPORARY_PASSWORD_REPLACED_MESSAGE = 'Password updated successfully'

/**
 * Replaces an admin-issued temporary password. Only accounts flagged for a forced reset may use
 * it: it asks for no old password, so a stolen session must not be able to change a normal
 * account's password this way. The caller's session stays; every other one ends.
 */
export async function resetTemporaryPassword(deps: AuthDeps, input: { userId: string; sessionId?: string; newPassword: string }): Promise<{ message: string }> {
  const user = await findLiveUser(deps.prisma, input.userId)
  if (!user) throw notAuthenticated()
  if (!user.requirePasswordReset) {
    throw new AppError(403, ErrorCode.FORBIDDEN, 'No temporary password to replace. Use "Forgot your password?" to change it.')
  }
  const passwordHash = await hashPassword(input.newPassword)
  await setPassword(deps.prisma, user.id, passwordHash)
  await revokeUserSessions(sessionStore(deps), user.id, input.sessionId)
  return { message: TEMPORARY_PASSWORD_REPLACED_MESSAGE }
}
