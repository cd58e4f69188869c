import {
  can,
  ErrorCode,
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
import { LRUCache } from 'lru-cache'
import { AppError } from './errors.js'
import { IDENTITY_KEY_ALG, type IdentityKeySet, type IdentitySigningKey } from './identity-keys.js'

// Signing and verifying through WebCrypto were most of the gateway hop's cost on every request
// (docs/adr/0005). Both sides therefore remember recent results. Nothing weaker follows: the
// gateway still resolves the session on every request (revocation stays immediate), a signed
// token is reused only for the first half of its life, and a verified token only until it
// expires or the key set changes. When a cache is full the least recently used entry goes, not
// the whole cache: emptying it at once would make every active session sign and verify again
// together, at the busiest moment.
export const IDENTITY_CACHE_ENTRIES = 10_000
const signed = new LRUCache<string, { token: string; renewAt: number }>({ max: IDENTITY_CACHE_ENTRIES })

/** Signed by the gateway for each forwarded request with its private key; short-lived on purpose. */
export async function signIdentity(claims: IdentityClaims, key: IdentitySigningKey): Promise<string> {
  const cacheKey = `${key.kid}\u0000${key.publicJwk.x}\u0000${JSON.stringify(claims)}`
  const now = Date.now()
  const hit = signed.get(cacheKey)
  if (hit && hit.renewAt > now) return hit.token
  const { sub, ...rest } = claims
  const token = await new SignJWT(rest)
    .setProtectedHeader({ alg: IDENTITY_KEY_ALG, kid: key.kid, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(IDENTITY_ISSUER)
    .setAudience(IDENTITY_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${IDENTITY_TTL_SECONDS}s`)
    .sign(key.key)
  signed.set(cacheKey, { token, renewAt: now + (IDENTITY_TTL_SECONDS * 1000) / 2 })
  return token
}

export type IdentityVerifier = (token: string) => Promise<IdentityClaims>

/** Verifies with the services' public keys only: algorithm, issuer, audience and age pinned. */
export function identityVerifier(keys: IdentityKeySet, maxEntries = IDENTITY_CACHE_ENTRIES): IdentityVerifier {
  const verified = new LRUCache<string, { claims: IdentityClaims; validUntil: number }>({ max: maxEntries })
  keys.onChange(() => verified.clear())
  return async (token) => {
    const hit = verified.get(token)
    if (hit && hit.validUntil > Date.now()) return hit.claims
    const { payload } = await jwtVerify(token, keys.getKey, {
      algorithms: [IDENTITY_KEY_ALG],
      issuer: IDENTITY_ISSUER,
      audience: IDENTITY_AUDIENCE,
      maxTokenAge: `${IDENTITY_TTL_SECONDS}s`,
      requiredClaims: ['exp', 'iat', 'sub'],
    })
    const claims = ZIdentityClaims.parse(payload)
    const validUntil = Math.min((payload.exp ?? 0) * 1000, ((payload.iat ?? 0) + IDENTITY_TTL_SECONDS) * 1000)
    verified.set(token, { claims, validUntil })
    return claims
  }
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
export function identityMiddleware(verifyIdentity: IdentityVerifier): RequestHandler {
  return async (req, res, next) => {
    const token = req.header(IDENTITY_HEADER)
    if (!token) return next()
    try {
      const claims = await verifyIdentity(token)
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
