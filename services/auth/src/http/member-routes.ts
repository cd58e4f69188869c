import { ZMemberRoleBody } from '@plumbline/contracts'
import { orgCtx, parseBody, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { changeMemberRole, listMembers, removeMember } from '../usecases/members.js'

const org = '/organizations/:orgId'
/** User ids are UUIDs; anything else names no member: the same 404 as a missing one. */
const memberId = (req: express.Request) => uuidParam(req, 'userId', 'Member')

/** An organisation's members (issue 11): every member sees the list; role changes take team edit, removal team delete. */
export function memberRoutes(deps: AuthDeps): Router {
  const router = express.Router()
  router.get(`${org}/members`, async (req, res) => {
    res.json(await listMembers(deps, orgCtx(res, req.params.orgId, 'team', 'access')))
  })
  router.patch(`${org}/members/:userId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'edit')
    res.json(await changeMemberRole(deps, ctx, memberId(req), parseBody(ZMemberRoleBody, req)))
  })
  router.delete(`${org}/members/:userId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'delete')
    await removeMember(deps, ctx, memberId(req))
    res.status(204).end()
  })
  return router
}
