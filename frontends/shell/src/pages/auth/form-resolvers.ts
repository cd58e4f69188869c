import { zodResolver } from '@hookform/resolvers/zod'
import { ZLoginBody, ZRegisterForm, ZRequestPasswordResetBody, ZResetPasswordForm } from '@plumbline/contracts'

// The auth forms' validation: zod and the contract schemas. Loaded through ./validation, not
// imported by the pages, so showing a form does not download it.
export const loginResolver = zodResolver(ZLoginBody)
export const registerResolver = zodResolver(ZRegisterForm)
export const forgotPasswordResolver = zodResolver(ZRequestPasswordResetBody)
export const resetPasswordResolver = zodResolver(ZResetPasswordForm)
