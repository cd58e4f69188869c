import { PASSWORD_RESET_TTL_MS } from '@plumbline/contracts'
import { findLiveUserByEmail } from '../data/user-directory.js'
import { issueUserToken } from '../data/user-tokens.js'
import type { AuthDeps } from '../deps.js'
import { passwordResetMail } from '../mail/templates.js'

export const PASSWORD_RESET_REQUESTED_MESSAGE = 'If an account exists for this address, a password reset link has been sent.'

export const resetPasswordUrl = (appUrl: string, token: string) => `${appUrl}/reset-password?token=${encodeURIComponent(token)}`

/** Same answer whether or not the account exists; the link is valid for one hour and one use. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<{ message: string }> {
  const user = await findLiveUserByEmail(deps.prisma, email)
  if (user) {
    const token = await deps.prisma.$transaction((tx) => issueUserToken(tx, user.id, 'reset_password', PASSWORD_RESET_TTL_MS))
    deps.mailer.sendInBackground(passwordResetMail({ to: user.email, firstName: user.firstName, url: resetPasswordUrl(deps.env.APP_URL, token) }))
  }
  return { message: PASSWORD_RESET_REQUESTED_MESSAGE }
}
