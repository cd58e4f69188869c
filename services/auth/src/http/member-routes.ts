import { ZMemberRoleBody } from '@plumbline/contracts'
import { notFound, orgCtx, parseBody } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { changeMemberRole, listMembers, removeMember } from '../usecases/members.js'

const org = '/organizations/:orgId'
/** User ids are UUIDs (v7); anything else names no member: the same 404 as a missing one. */
const USER_ID = /^[A-Za-z0-9-]{1,64}$/
function memberId(req: express.Request): string {
  const id = String(req.params.userId)
  if (!USER_ID.test(id)) throw notFound('Member')
  return id
}

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
