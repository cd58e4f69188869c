import {
  ZRegisterBody,
  ZRequestPasswordResetBody,
  ZResendVerificationBody,
  ZResetPasswordBody,
  ZResetTemporaryPasswordBody,
  ZVerifyEmailBody,
} from '@plumbline/contracts'
import { contextOf, parseBody } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { registerUser } from '../usecases/register-user.js'
import { requestPasswordReset } from '../usecases/request-password-reset.js'
import { resendVerification } from '../usecases/resend-verification.js'
import { resetPassword } from '../usecases/reset-password.js'
import { resetTemporaryPassword } from '../usecases/reset-temporary-password.js'
import { verifyEmail } from '../usecases/verify-email.js'

export const REGISTERED_MESSAGE = 'Registration successful. Please check your email to verify your account.'

/** Sign-up, e-mail verification and password resets (spec 000 §7, account calls). */
export function accountRoutes(deps: AuthDeps): Router {
  const router = express.Router()

  router.post('/register', async (req, res) => {
    await registerUser(deps, parseBody(ZRegisterBody, req))
    res.status(201).json({ message: REGISTERED_MESSAGE })
  })

  router.post('/verify-email', async (req, res) => {
    const { token } = parseBody(ZVerifyEmailBody, req)
    res.json(await verifyEmail(deps, token))
  })

  router.post('/resend-verification', async (req, res) => {
    const { email } = parseBody(ZResendVerificationBody, req)
    res.json(await resendVerification(deps, email))
  })

  router.post('/request-password-reset', async (req, res) => {
    const { email } = parseBody(ZRequestPasswordResetBody, req)
    res.json(await requestPasswordReset(deps, email))
  })

  router.post('/reset-password', async (req, res) => {
    res.json(await resetPassword(deps, parseBody(ZResetPasswordBody, req)))
  })

  router.post('/reset-temporary-password', async (req, res) => {
    const ctx = contextOf(res)
    const { newPassword } = parseBody(ZResetTemporaryPasswordBody, req)
    res.json(await resetTemporaryPassword(deps, { userId: ctx.userId, sessionId: ctx.sessionId, newPassword }))
  })

  return router
}
