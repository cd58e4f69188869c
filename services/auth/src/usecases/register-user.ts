import { EMAIL_VERIFICATION_TTL_MS, type OrganizationCreatedV1, type RegisterBody, Subjects, type UserRegisteredV1 } from '@plumbline/contracts'
import { inTransaction } from '@plumbline/service-kit'
import { addMember } from '../data/members-repo.js'
import { createOrganization } from '../data/organizations-repo.js'
import { SYSTEM_ROLE_IDS } from '../data/system-roles.js'
import { issueUserToken } from '../data/user-tokens.js'
import { createUser, findLiveUserByEmail } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { emailTaken, isUniqueViolation, registrationDisabled } from '../domain/auth-errors.js'
import { personalOrganizationName } from '../domain/organization-name.js'
import { hashPassword } from '../domain/passwords.js'
import { recordEvent } from '../events/record-event.js'
import { verificationMail } from '../mail/templates.js'

export const verificationUrl = (appUrl: string, token: string, email: string) =>
  `${appUrl}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`

/**
 * Self-service sign-up: the user, their own organisation (as Owner), a verification token and
 * the two events commit together; the mail goes out after commit.
 */
export async function registerUser(deps: AuthDeps, input: RegisterBody): Promise<{ userId: string; organizationId: string }> {
  if (!deps.env.REGISTRATION_ENABLED) throw registrationDisabled()
  if (await findLiveUserByEmail(deps.prisma, input.email)) throw emailTaken()
  const passwordHash = await hashPassword(input.password)
  try {
    const created = await inTransaction(deps, async (tx) => {
      const user = await createUser(tx, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName })
      const organization = await createOrganization(tx, { name: personalOrganizationName(input.firstName) })
      await addMember(tx, organization.id, user.id, SYSTEM_ROLE_IDS.Owner)
      const token = await issueUserToken(tx, user.id, 'verify_email', EMAIL_VERIFICATION_TTL_MS)
      await recordEvent<UserRegisteredV1>(tx, {
        type: Subjects.userRegistered,
        orgId: organization.id,
        actorId: user.id,
        data: { userId: user.id, email: user.email, organizationId: organization.id, firstName: user.firstName, lastName: user.lastName },
      })
      await recordEvent<OrganizationCreatedV1>(tx, {
        type: Subjects.organizationCreated,
        orgId: organization.id,
        actorId: user.id,
        data: { organizationId: organization.id, name: organization.name, ownerId: user.id },
      })
      return { user, organization, token }
    })
    deps.mailer.sendInBackground(
      verificationMail({
        to: created.user.email,
        firstName: created.user.firstName,
        url: verificationUrl(deps.env.APP_URL, created.token, created.user.email),
      }),
    )
    return { userId: created.user.id, organizationId: created.organization.id }
  } catch (err) {
    // Two sign-ups with one address racing past the check above.
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}
