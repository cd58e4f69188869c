import { RequestSubjects, ZResolveIdentityReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import type { RequestContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'

export const IDENTITY_LOOKUP_TIMEOUT_MS = 500

/**
 * Is the caller of the public page a member of the estimate's organisation (a contractor
 * previewing their own link)? The gateway forwards a signed-in caller's identity on public
 * routes without memberships, so they are asked of the auth service. When it cannot answer, the
 * caller is treated as a member: a preview must never pass for the client's first view.
 */
export async function isOrganizationMember(deps: Pick<EstimatesDeps, 'bus' | 'logger'>, ctx: RequestContext | undefined, orgId: string): Promise<boolean> {
  if (!ctx) return false
  if (ctx.orgId === orgId) return true
  try {
    const reply = await request(
      deps.bus,
      RequestSubjects.resolveIdentity,
      { userId: ctx.userId },
      { schema: ZResolveIdentityReply, timeoutMs: IDENTITY_LOOKUP_TIMEOUT_MS },
    )
    return !!reply?.memberships.some((m) => m.orgId === orgId)
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'identity lookup failed; not recording a client view')
    return true
  }
}
