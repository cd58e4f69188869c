import { ZRegisterBody, ZResetPasswordBody } from '@plumbline/contracts'
import { authRoutes as catalogue } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { ZUncommonPassword } from '../domain/common-passwords.js'
import { registerUser } from '../usecases/register-user.js'
import { requestPasswordReset } from '../usecases/request-password-reset.js'
import { resendVerification } from '../usecases/resend-verification.js'
import { resetPassword } from '../usecases/reset-password.js'
import { resetTemporaryPassword } from '../usecases/reset-temporary-password.js'
import { verifyEmail } from '../usecases/verify-email.js'

// New passwords also must not be among the most common ones (checked here, not in the browser).
const ZRegisterRequest = ZRegisterBody.extend({ password: ZUncommonPassword })
const ZResetPasswordRequest = ZResetPasswordBody.extend({ password: ZUncommonPassword })

export const REGISTERED_MESSAGE = 'Registration successful. Please check your email to verify your account.'

/** Sign-up, e-mail verification and password resets (spec 000 §7, account calls). */
export function accountRoutes(deps: AuthDeps): Router {
  return catalogueRouter(catalogue)
    .on(
      'postRegister',
      async ({ body }) => {
        await registerUser(deps, body)
        return { message: REGISTERED_MESSAGE }
      },
      { body: ZRegisterRequest },
    )
    .on('postVerifyEmail', ({ body }) => verifyEmail(deps, body.token))
    .on('postResendVerification', ({ body }) => resendVerification(deps, body.email))
    .on('postRequestPasswordReset', ({ body }) => requestPasswordReset(deps, body.email))
    .on('postResetPassword', ({ body }) => resetPassword(deps, body), { body: ZResetPasswordRequest })
    .on('postResetTemporaryPassword', ({ ctx, body }) =>
      resetTemporaryPassword(deps, { userId: ctx.userId, sessionId: ctx.sessionId, newPassword: body.newPassword }),
    ).router
}
