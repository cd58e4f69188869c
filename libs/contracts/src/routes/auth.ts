import { z } from 'zod'
import { ZAdminCheck, ZAdminCreateUserBody, ZAdminCreateUserResponse, ZAdminMembershipBody, ZAdminOrganization, ZAdminUser } from '../admin.js'
import type { ApiRoute } from '../api-routes.js'
import {
  ZLoginBody,
  ZLoginResponse,
  ZMessageResponse,
  ZRegisterBody,
  ZRequestPasswordResetBody,
  ZResendVerificationBody,
  ZResetPasswordBody,
  ZResetTemporaryPasswordBody,
  ZVerifyEmailBody,
} from '../auth.js'
import { ZCurrentUser, ZUserOrganization } from '../users.js'

/** The auth service's routes (see the catalogue's doc in api-routes.ts). */
export const authRoutes: readonly ApiRoute[] = [
  { id: 'postLogin', method: 'POST', path: '/login', service: 'auth', access: 'public', body: ZLoginBody, reply: ZLoginResponse },
  { id: 'getLogin', method: 'GET', path: '/login', service: 'auth', access: 'public' },
  { id: 'postLogout', method: 'POST', path: '/logout', service: 'auth', access: 'public', status: 204 },
  { id: 'postRegister', method: 'POST', path: '/register', service: 'auth', access: 'public', body: ZRegisterBody, reply: ZMessageResponse, status: 201 },
  { id: 'postVerifyEmail', method: 'POST', path: '/verify-email', service: 'auth', access: 'public', body: ZVerifyEmailBody },
  { id: 'postResendVerification', method: 'POST', path: '/resend-verification', service: 'auth', access: 'public', body: ZResendVerificationBody },
  { id: 'postRequestPasswordReset', method: 'POST', path: '/request-password-reset', service: 'auth', access: 'public', body: ZRequestPasswordResetBody },
  { id: 'postResetPassword', method: 'POST', path: '/reset-password', service: 'auth', access: 'public', body: ZResetPasswordBody },
  { id: 'postResetTemporaryPassword', method: 'POST', path: '/reset-temporary-password', service: 'auth', access: 'user', body: ZResetTemporaryPasswordBody },
  { id: 'getUser', method: 'GET', path: '/user', service: 'auth', access: 'user', reply: ZCurrentUser },
  { id: 'getAuthUser', method: 'GET', path: '/auth/user', service: 'auth', access: 'user', reply: ZCurrentUser },
  { id: 'getUser2', method: 'GET', path: '/user/organizations', service: 'auth', access: 'user', reply: z.array(ZUserOrganization) },
  { id: 'getAdminCheck', method: 'GET', path: '/admin/check', service: 'auth', access: 'admin', reply: ZAdminCheck },
  { id: 'getAdminUsers', method: 'GET', path: '/admin/users', service: 'auth', access: 'admin', reply: z.array(ZAdminUser) },
  { id: 'getAdminOrganizations', method: 'GET', path: '/admin/organizations', service: 'auth', access: 'admin', reply: z.array(ZAdminOrganization) },
  {
    id: 'postAdminUsersCreate',
    method: 'POST',
    path: '/admin/users/create',
    service: 'auth',
    access: 'admin',
    body: ZAdminCreateUserBody,
    reply: ZAdminCreateUserResponse,
    status: 201,
  },
  {
    id: 'putAdminUserMembership',
    method: 'PUT',
    path: '/admin/users/:id/membership',
    service: 'auth',
    access: 'admin',
    body: ZAdminMembershipBody,
    reply: ZMessageResponse,
  },
  { id: 'deleteAdminUser', method: 'DELETE', path: '/admin/users/:id', service: 'auth', access: 'admin', reply: ZMessageResponse },
]
