import type { LoginBody } from '@plumbline/contracts'
import { createSession } from '../data/sessions.js'
import { findLiveUserByEmail } from '../data/users-repo.js'
import { type AuthDeps, loginThrottleOf, sessionStore } from '../deps.js'
import { emailNotVerified, invalidCredentials, tooManyLoginAttempts } from '../domain/auth-errors.js'
import { burnPasswordCheck, verifyPassword } from '../domain/passwords.js'

export type LoginResult = { next: 'home' | 'force_reset'; sessionId: string; userId: string }

/**
 * Unknown address and wrong password fail identically and cost the same argon2 work. The
 * "verify your email" answer comes only after the right password, so it reveals nothing new.
 */
export async function login(deps: AuthDeps, input: LoginBody): Promise<LoginResult> {
  const throttle = loginThrottleOf(deps)
  const waitMs = await throttle.claimAttempt(input.email)
  if (waitMs > 0) throw tooManyLoginAttempts(Math.ceil(waitMs / 1000))
  const user = await findLiveUserByEmail(deps.prisma, input.email)
  if (!user) {
    await burnPasswordCheck(input.password)
    await throttle.recordFailure(input.email)
    throw invalidCredentials()
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await throttle.recordFailure(input.email)
    throw invalidCredentials()
  }
  await throttle.recordSuccess(input.email)
  if (!user.emailVerifiedAt) throw emailNotVerified()
  const sessionId = await createSession(sessionStore(deps), user.id)
  return { next: user.requirePasswordReset ? 'force_reset' : 'home', sessionId, userId: user.id }
}
