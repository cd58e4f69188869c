import { EMAIL_VERIFICATION_TTL_MS } from '@plumbline/contracts'
import { inTransaction } from '@plumbline/service-kit'
import { issueUserToken, retireUserTokens } from '../data/user-tokens.js'
import { findLiveUserByEmail } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { verificationMail } from '../mail/templates.js'
import { verificationUrl } from './register-user.js'

export const RESEND_VERIFICATION_MESSAGE = 'If an unverified account exists for this address, a new verification link has been sent.'

/** Same answer whether or not the account exists, so the form cannot be used to probe addresses. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<{ message: string }> {
  const user = await findLiveUserByEmail(deps.prisma, email)
  if (user && !user.emailVerifiedAt) {
    // Only the newest link works: older mails may sit in shared or forwarded inboxes.
    const token = await inTransaction(deps, async (tx) => {
      await retireUserTokens(tx, user.id, 'verify_email')
      return issueUserToken(tx, user.id, 'verify_email', EMAIL_VERIFICATION_TTL_MS)
    })
    deps.mailer.sendInBackground(verificationMail({ to: user.email, firstName: user.firstName, url: verificationUrl(deps.env.APP_URL, token, user.email) }))
  }
  return { message: RESEND_VERIFICATION_MESSAGE }
}
