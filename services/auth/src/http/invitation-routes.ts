import { ZInvitationRegisterBody } from '@plumbline/contracts'
import { authRoutes as catalogue } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Request, Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { ZUncommonPassword } from '../domain/common-passwords.js'
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  registerFromInvitation,
  resendInvitation,
  revokeInvitation,
} from '../usecases/invitations.js'

/** Invitation ids are UUIDs; anything else names no invitation: the same 404 ("Invitation not found") as a missing one. */
const invitationId = (req: Request) => uuidParam(req, 'id', 'Invitation')

// New passwords also must not be among the most common ones, as at sign-up.
const ZInvitationRegisterRequest = ZInvitationRegisterBody.extend({ password: ZUncommonPassword })

/**
 * Invitations: the Team section lists, sends (team create), resends (team create) and
 * revokes (team delete) them; the mailed link's page previews one and accepts it, signed in as
 * the invited address or by registering it.
 */
export function invitationRoutes(deps: AuthDeps): Router {
  return catalogueRouter(catalogue)
    .on('getInvitations', ({ ctx }) => listInvitations(deps, ctx))
    .on('postInvitations', ({ ctx, body }) => inviteMember(deps, ctx, body))
    .on('postInvitationsResend', ({ ctx, req }) => resendInvitation(deps, ctx, invitationId(req)))
    .on('deleteInvitationsById', async ({ ctx, req }) => {
      await revokeInvitation(deps, ctx, invitationId(req))
    })
    .on('postInvitationPreview', ({ body }) => previewInvitation(deps, body.token))
    .on('postInvitationAccept', ({ ctx, body }) => acceptInvitation(deps, { userId: ctx.userId, email: ctx.email }, body.token))
    .on('postInvitationRegister', ({ body }) => registerFromInvitation(deps, body), { body: ZInvitationRegisterRequest }).router
}
