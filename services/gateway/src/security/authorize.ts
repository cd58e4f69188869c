import { type IdentityClaims, isPlatformAdmin, type Membership } from '@plumbline/contracts'
import { forbidden, notFound, unauthenticated } from '../core/errors.js'
import type { RouteMatch } from '../routes/match-route.js'
import type { Session } from '../session/resolve-session.js'

const baseClaims = (s: Session): IdentityClaims => ({
  sub: s.identity.userId,
  email: s.identity.email,
  systemRole: s.identity.systemRole,
  sessionId: s.sessionId,
})

const withMembership = (s: Session, m: Membership): IdentityClaims => ({
  ...baseClaims(s),
  orgId: m.orgId,
  orgRole: m.role,
  permissions: m.permissions,
})

/**
 * The organisation a request addresses: the :orgId path segment, else the route's query
 * parameter, else the organisation its JSON body names (routes with orgBody). A repeated
 * parameter is refused, since the service might read another copy than the one checked here.
 */
function requestedOrg(match: RouteMatch, query: URLSearchParams, bodyOrg: string | undefined): string | undefined | null {
  if (match.params.orgId !== undefined) return match.params.orgId
  if (!match.route.orgQuery) return bodyOrg
  const values = query.getAll(match.route.orgQuery)
  if (values.length > 1) return null
  return values[0] || bodyOrg
}

/** Whether the route would read its organisation from the body for this query (none given there). */
export const readsOrgFromBody = (match: RouteMatch, query: URLSearchParams): boolean =>
  match.route.orgBody !== undefined && match.params.orgId === undefined && !(match.route.orgQuery && query.has(match.route.orgQuery))

/** Someone else's organisation "does not exist": 404, never 403, so ids cannot be probed. */
function membershipIn(session: Session, orgId: string | undefined | null): Membership {
  const membership = orgId ? session.identity.memberships.find((m) => m.orgId === orgId) : undefined
  if (!membership) throw notFound()
  return membership
}

/**
 * Decides whether the request may pass and with which identity: the claims to sign, or
 * undefined for an anonymous request to a public route. Throws 401/403/404.
 */
export function authorize(match: RouteMatch, session: Session | undefined, query: URLSearchParams, bodyOrg?: string): IdentityClaims | undefined {
  const { access } = match.route
  if (access === 'public') return session && baseClaims(session)
  if (!session) throw unauthenticated()
  if (access === 'admin') {
    if (!isPlatformAdmin(session.identity.systemRole)) throw forbidden()
    return baseClaims(session)
  }
  const orgId = requestedOrg(match, query, bodyOrg)
  if (access === 'org') return withMembership(session, membershipIn(session, orgId))
  // user routes: an optional organisation (e.g. AI calls) is checked like any other
  return orgId === undefined ? baseClaims(session) : withMembership(session, membershipIn(session, orgId))
}
