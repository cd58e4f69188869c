import {
  can,
  ErrorCode,
  IDENTITY_ALG,
  IDENTITY_AUDIENCE,
  IDENTITY_HEADER,
  IDENTITY_ISSUER,
  IDENTITY_TTL_SECONDS,
  type IdentityClaims,
  type PermissionAction,
  type PermissionModule,
  type PermissionSet,
  ZIdentityClaims,
} from '@plumbline/contracts'
import type { RequestHandler } from 'express'
import { jwtVerify, SignJWT } from 'jose'
import { AppError } from './errors.js'

const keyOf = (secret: string) => new TextEncoder().encode(secret)

// jose signs and verifies HS256 through WebCrypto, ~0.2 ms each on this machine: on every
// request that was most of the gateway hop. Both sides therefore remember recent results.
// Nothing weaker follows: the gateway still resolves the session on every request (revocation
// stays immediate), a signed token is reused only for the first half of its life, and a
// verified token only until it expires. Bounded maps, cleared when full.
const CACHE_LIMIT = 10_000
const signed = new Map<string, { token: string; renewAt: number }>()
const verified = new Map<string, { claims: IdentityClaims; validUntil: number }>()

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= CACHE_LIMIT) map.clear()
  map.set(key, value)
}

/** Signed by the gateway for each forwarded request; short-lived on purpose. */
export async function signIdentity(claims: IdentityClaims, secret: string): Promise<string> {
  const cacheKey = `${secret}\u0000${JSON.stringify(claims)}`
  const now = Date.now()
  const hit = signed.get(cacheKey)
  if (hit && hit.renewAt > now) return hit.token
  const { sub, ...rest } = claims
  const token = await new SignJWT(rest)
    .setProtectedHeader({ alg: IDENTITY_ALG })
    .setSubject(sub)
    .setIssuer(IDENTITY_ISSUER)
    .setAudience(IDENTITY_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${IDENTITY_TTL_SECONDS}s`)
    .sign(keyOf(secret))
  remember(signed, cacheKey, { token, renewAt: now + (IDENTITY_TTL_SECONDS * 1000) / 2 })
  return token
}

export async function verifyIdentity(token: string, secret: string): Promise<IdentityClaims> {
  const cacheKey = `${secret}\u0000${token}`
  const hit = verified.get(cacheKey)
  if (hit && hit.validUntil > Date.now()) return hit.claims
  const { payload } = await jwtVerify(token, keyOf(secret), {
    algorithms: [IDENTITY_ALG],
    issuer: IDENTITY_ISSUER,
    audience: IDENTITY_AUDIENCE,
    maxTokenAge: `${IDENTITY_TTL_SECONDS}s`,
  })
  const claims = ZIdentityClaims.parse(payload)
  const validUntil = Math.min((payload.exp ?? 0) * 1000, ((payload.iat ?? 0) + IDENTITY_TTL_SECONDS) * 1000)
  remember(verified, cacheKey, { claims, validUntil })
  return claims
}

export type RequestContext = {
  userId: string
  email: string
  systemRole: IdentityClaims['systemRole']
  orgId?: string
  orgRole?: string
  permissions: PermissionSet
  sessionId?: string
}

/**
 * Every service verifies the gateway's token again (defence in depth). Without a valid token the
 * caller is anonymous; routes decide with requireUser/requireOrg whether that is allowed.
 */
export function identityMiddleware(secret: string): RequestHandler {
  return async (req, res, next) => {
    const token = req.header(IDENTITY_HEADER)
    if (!token) return next()
    try {
      const claims = await verifyIdentity(token, secret)
      const ctx: RequestContext = {
        userId: claims.sub,
        email: claims.email,
        systemRole: claims.systemRole,
        orgId: claims.orgId,
        orgRole: claims.orgRole,
        permissions: (claims.permissions ?? {}) as PermissionSet,
        sessionId: claims.sessionId,
      }
      res.locals.ctx = ctx
      next()
    } catch {
      next(new AppError(401, ErrorCode.UNAUTHENTICATED, 'Not authenticated'))
    }
  }
}

export function contextOf(res: { locals: Record<string, unknown> }): RequestContext {
  const ctx = res.locals.ctx as RequestContext | undefined
  if (!ctx) throw new AppError(401, ErrorCode.UNAUTHENTICATED, 'Not authenticated')
  return ctx
}

/**
 * The caller on an org-scoped route, built from the verified identity: the one context type use
 * cases take (`(deps, ctx, input)`). Use cases import this type, never anything under http/.
 */
export type OrgContext = RequestContext & { orgId: string }

/** Org-scoped routes: the token's organisation must be `orgId` (path or body), else the object "does not exist" (404). */
export function orgContextOf(res: { locals: Record<string, unknown> }, orgId: unknown): OrgContext {
  const ctx = contextOf(res)
  if (!ctx.orgId || typeof orgId !== 'string' || ctx.orgId !== orgId) throw new AppError(404, ErrorCode.NOT_FOUND, 'Not found')
  return ctx as OrgContext
}

export function requirePermission(ctx: RequestContext, module: PermissionModule, action: PermissionAction): void {
  if (!can(ctx.permissions, module, action)) throw new AppError(403, ErrorCode.FORBIDDEN, `Your role does not allow ${action} in ${module}`)
}

/**
 * The one way a router obtains the caller of an org-scoped route: the token's organisation must
 * be `orgId` (else 404), and the role must allow `action` in `module` (else 403).
 */
export function orgCtx(res: { locals: Record<string, unknown> }, orgId: unknown, module: PermissionModule, action: PermissionAction): OrgContext {
  const ctx = orgContextOf(res, orgId)
  requirePermission(ctx, module, action)
  return ctx
}
