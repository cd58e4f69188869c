import { z } from 'zod'

export const SYSTEM_ROLES = ['user', 'admin', 'superadmin'] as const
export const ZSystemRole = z.enum(SYSTEM_ROLES)
export type SystemRole = z.infer<typeof ZSystemRole>
export const isPlatformAdmin = (role: string | null | undefined) => role === 'admin' || role === 'superadmin'

/** What the gateway knows about a signed-in user; cached in Redis, built by the auth service. */
export const ZMembership = z.object({
  orgId: z.string(),
  orgName: z.string(),
  role: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
})
export type Membership = z.infer<typeof ZMembership>

export const ZSessionIdentity = z.object({
  userId: z.string(),
  email: z.string(),
  systemRole: ZSystemRole,
  memberships: z.array(ZMembership),
})
export type SessionIdentity = z.infer<typeof ZSessionIdentity>

/** Claims of the short-lived token the gateway forwards to services (header IDENTITY_HEADER). */
export const ZIdentityClaims = z.object({
  sub: z.string(),
  email: z.string(),
  systemRole: ZSystemRole,
  orgId: z.string().optional(),
  orgRole: z.string().optional(),
  permissions: z.record(z.string(), z.array(z.string())).optional(),
  sessionId: z.string().optional(),
})
export type IdentityClaims = z.infer<typeof ZIdentityClaims>

export const IDENTITY_HEADER = 'x-plumbline-identity'
export const IDENTITY_ISSUER = 'plumbline-gateway'
export const IDENTITY_AUDIENCE = 'plumbline-services'
export const IDENTITY_TTL_SECONDS = 60

export const SESSION_COOKIE = 'plumbline_sid'
/**
 * The session cookie's name: in production with the `__Host-` prefix, which browsers accept only
 * Secure, on Path=/ and without Domain, so no sibling subdomain or plain-HTTP page can plant or
 * overwrite it. Development serves plain HTTP, where such a cookie would be refused.
 */
export const sessionCookieName = (nodeEnv: string) => (nodeEnv === 'production' ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE)
export const CSRF_COOKIE = 'plumbline_csrf'
export const CSRF_HEADER = 'x-csrf-token'
export const REQUEST_ID_HEADER = 'x-request-id'

/** Redis key layout shared by auth (writer) and gateway (reader). `p` is the deployment's key prefix. */
export const redisKeys = {
  /** Keyed by the session id's digest (service-kit sessionKey), never the cookie value. */
  session: (p: string, sessionDigest: string) => `${p}session:${sessionDigest}`,
  /** A set of the user's session digests, for revoking them all. */
  userSessions: (p: string, userId: string) => `${p}user-sessions:${userId}`,
  identity: (p: string, userId: string) => `${p}identity:${userId}`,
  rateLimit: (p: string, bucket: string, key: string) => `${p}rl:${bucket}:${key}`,
}
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 14

export const ZSessionRecord = z.object({ userId: z.string(), createdAt: z.string() })
export type SessionRecord = z.infer<typeof ZSessionRecord>
