import type { LoginBody } from '@plumbline/contracts'
import { createSession } from '../data/sessions.js'
import { findLiveUserByEmail } from '../data/user-directory.js'
import { type AuthDeps, sessionStore } from '../deps.js'
import { emailNotVerified, invalidCredentials } from '../domain/auth-errors.js'
import { burnPasswordCheck, verifyPassword } from '../domain/passwords.js'

export type LoginResult = { next: 'home' | 'force_reset'; sessionId: string; userId: string }

/**
 * Unknown address and wrong password fail identically and cost the same argon2 work. The
 * "verify your email" answer comes only after the right password, so it reveals nothing new.
 */
export async function login(deps: AuthDeps, input: LoginBody): Promise<LoginResult> {
  const user = await findLiveUserByEmail(deps.prisma, input.email)
  if (!user) {
    await burnPasswordCheck(input.password)
    throw invalidCredentials()
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidCredentials()
  if (!user.emailVerifiedAt) throw emailNotVerified()
  const sessionId = await createSession(sessionStore(deps), user.id)
  return { next: user.requirePasswordReset ? 'force_reset' : 'home', sessionId, userId: user.id }
}
