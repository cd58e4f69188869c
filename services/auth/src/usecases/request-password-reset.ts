import { PASSWORD_RESET_TTL_MS } from '@plumbline/contracts'
import { inTransaction } from '@plumbline/service-kit'
import { issueUserToken, retireUserTokens } from '../data/user-tokens.js'
import { findLiveUserByEmail } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { passwordResetMail } from '../mail/templates.js'

export const PASSWORD_RESET_REQUESTED_MESSAGE = 'If an account exists for this address, a password reset link has been sent.'

export const resetPasswordUrl = (appUrl: string, token: string) => `${appUrl}/reset-password?token=${encodeURIComponent(token)}`

/**
 * Same answer, after the same work, whether or not the account exists: the look-up, the token
 * and the mail all happen after the answer, so its timing says nothing about the address. The
 * link is valid for one hour and one use, and a new link retires the older ones.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<{ message: string }> {
  deps.mailer.sendInBackground(() => composePasswordResetMail(deps, email))
  return { message: PASSWORD_RESET_REQUESTED_MESSAGE }
}

async function composePasswordResetMail(deps: AuthDeps, email: string) {
  const user = await findLiveUserByEmail(deps.prisma, email)
  if (!user) return null
  const token = await inTransaction(deps, async (tx) => {
    await retireUserTokens(tx, user.id, 'reset_password')
    return issueUserToken(tx, user.id, 'reset_password', PASSWORD_RESET_TTL_MS)
  })
  return passwordResetMail({ to: user.email, firstName: user.firstName, url: resetPasswordUrl(deps.env.APP_URL, token) })
}
