import { authRoutes as catalogue } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Request, Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { changeMemberRole, listMembers, removeMember } from '../usecases/members.js'

/** User ids are UUIDs; anything else names no member: the same 404 as a missing one. */
const memberId = (req: Request) => uuidParam(req, 'userId', 'Member')

/** An organisation's members: every member sees the list; role changes take team edit, removal team delete. */
export function memberRoutes(deps: AuthDeps): Router {
  return catalogueRouter(catalogue)
    .on('getMembers', ({ ctx }) => listMembers(deps, ctx))
    .on('patchMembersById', ({ ctx, body, req }) => changeMemberRole(deps, ctx, memberId(req), body))
    .on('deleteMembersById', async ({ ctx, req }) => {
      await removeMember(deps, ctx, memberId(req))
    }).router
}
