import { ZInvitationInput, ZInvitationRegisterBody, ZInvitationTokenBody } from '@plumbline/contracts'
import { contextOf, orgCtx, parseBody, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
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

const org = '/organizations/:orgId'
/** Invitation ids are UUIDs; anything else names no invitation: the same 404 ("Invitation not found") as a missing one. */
const invitationId = (req: express.Request) => uuidParam(req, 'id', 'Invitation')

// New passwords also must not be among the most common ones, as at sign-up.
const ZInvitationRegisterRequest = ZInvitationRegisterBody.extend({ password: ZUncommonPassword })

/**
 * Invitations (issue 11): the Team section lists, sends (team create), resends (team create) and
 * revokes (team delete) them; the mailed link's page previews one and accepts it, signed in as
 * the invited address or by registering it.
 */
export function invitationRoutes(deps: AuthDeps): Router {
  const router = express.Router()
  router.get(`${org}/invitations`, async (req, res) => {
    res.json(await listInvitations(deps, orgCtx(res, req.params.orgId, 'team', 'access')))
  })
  router.post(`${org}/invitations`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'create')
    res.status(201).json(await inviteMember(deps, ctx, parseBody(ZInvitationInput, req)))
  })
  router.post(`${org}/invitations/:id/resend`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'create')
    res.json(await resendInvitation(deps, ctx, invitationId(req)))
  })
  router.delete(`${org}/invitations/:id`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'delete')
    await revokeInvitation(deps, ctx, invitationId(req))
    res.status(204).end()
  })

  router.post('/invitations/preview', async (req, res) => {
    res.json(await previewInvitation(deps, parseBody(ZInvitationTokenBody, req).token))
  })
  router.post('/invitations/accept', async (req, res) => {
    const { userId, email } = contextOf(res)
    res.json(await acceptInvitation(deps, { userId, email }, parseBody(ZInvitationTokenBody, req).token))
  })
  router.post('/invitations/register', async (req, res) => {
    res.status(201).json(await registerFromInvitation(deps, parseBody(ZInvitationRegisterRequest, req)))
  })
  return router
}
