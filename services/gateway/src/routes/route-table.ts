/**
 * Every path the gateway forwards, as data. First match wins, so specific entries come before
 * the catch-alls they would otherwise fall into (logo before company-settings, AI actions on an
 * estimate before the estimates catch-all).
 *
 * Pattern syntax: literal segments, `:name` for one segment, and a trailing `/*` meaning "this
 * path and anything below it". An `:orgId` segment makes the route tenant-scoped.
 *
 * Access: public (anyone; a signed-in caller's identity is still forwarded), user (signed in),
 * org (signed in and a member of the organisation, else 404), admin (system role admin or
 * superadmin, else 403; 401 when signed out).
 */

export type ServiceName = 'auth' | 'estimates' | 'ai' | 'documents' | 'meetings' | 'admin'
export type Access = 'public' | 'user' | 'org' | 'admin'
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'
export type RateLimitPolicy = 'login' | 'account' | 'public-estimate' | 'ai'
/** 'default' is BODY_LIMIT_BYTES; the others name the larger env limits for uploads. */
export type BodyLimit = 'default' | 'upload' | 'audio'

export type RouteEntry = {
  /** Omitted: any method. */
  method?: HttpMethod
  pattern: string
  service: ServiceName
  access: Access
  /**
   * Counted in `bucket`, limited by the policy's env setting: per client IP, or per organisation
   * (`per: 'org'`, counted after access is decided) where the cost falls on the tenant (AI calls).
   */
  rateLimit?: { policy: RateLimitPolicy; bucket: string; per?: 'ip' | 'org' }
  bodyLimit?: BodyLimit
  /**
   * Where the organisation comes from when the path has no :orgId. On an org route the query
   * parameter is required; on a user route it is optional and, when given, scopes the identity
   * token to that membership (non-members get 404 as on any org route).
   */
  orgQuery?: string
  /**
   * A JSON body field naming the organisation when neither the path nor the query does (spec 000
   * §7 sends `organizationId` in the body of POST /api/ai/generate-content). The gateway buffers
   * such a body (within the route's body limit) to read it; membership is checked as for orgQuery.
   */
  orgBody?: string
  /**
   * No CSRF token or Origin is asked: a mail client's one-click unsubscribe (RFC 8058) POSTs from
   * outside any browser session. Only for public routes whose credential is a token in the path
   * (no cookie grants anything there, so a forged cross-site request gains nothing).
   */
  csrfExempt?: true
  /** Development conveniences (the auth service's mail sink): never routed in production, and only for loopback peers. */
  devOnly?: boolean
}

const org = '/api/organizations/:orgId'
const estimate = `${org}/estimates/:id`
const aiLimit = { policy: 'ai', bucket: 'ai', per: 'org' } as const

export const routeTable: readonly RouteEntry[] = [
  // auth: accounts, sessions, organisation roles
  { method: 'POST', pattern: '/api/login', service: 'auth', access: 'public', rateLimit: { policy: 'login', bucket: 'login' } },
  { method: 'GET', pattern: '/api/login', service: 'auth', access: 'public' },
  { pattern: '/api/register', service: 'auth', access: 'public', rateLimit: { policy: 'account', bucket: 'register' } },
  { pattern: '/api/verify-email', service: 'auth', access: 'public' },
  { pattern: '/api/resend-verification', service: 'auth', access: 'public', rateLimit: { policy: 'account', bucket: 'resend-verification' } },
  { pattern: '/api/request-password-reset', service: 'auth', access: 'public', rateLimit: { policy: 'account', bucket: 'request-password-reset' } },
  { pattern: '/api/reset-password', service: 'auth', access: 'public', rateLimit: { policy: 'account', bucket: 'reset-password' } },
  { pattern: '/api/logout', service: 'auth', access: 'public' },
  { pattern: '/api/reset-temporary-password', service: 'auth', access: 'user' },
  { pattern: '/api/user/*', service: 'auth', access: 'user' },
  { pattern: '/api/auth/user', service: 'auth', access: 'user' },
  { pattern: `${org}/roles/*`, service: 'auth', access: 'org' },
  { pattern: `${org}/members/*`, service: 'auth', access: 'org' },
  { pattern: `${org}/invitations/*`, service: 'auth', access: 'org' },
  // the invitation link's page: whoever holds the mailed token (limited like the other account calls)
  { method: 'POST', pattern: '/api/invitations/preview', service: 'auth', access: 'public', rateLimit: { policy: 'account', bucket: 'invitation' } },
  { method: 'POST', pattern: '/api/invitations/register', service: 'auth', access: 'public', rateLimit: { policy: 'account', bucket: 'invitation' } },
  { method: 'POST', pattern: '/api/invitations/accept', service: 'auth', access: 'user', rateLimit: { policy: 'account', bucket: 'invitation' } },
  // platform administration of accounts: users, organisations and roles live in auth
  { method: 'GET', pattern: '/api/admin/check', service: 'auth', access: 'admin' },
  { pattern: '/api/admin/users/*', service: 'auth', access: 'admin' },
  { method: 'GET', pattern: '/api/admin/organizations', service: 'auth', access: 'admin' },

  // documents: logo files (before admin's company-settings) and PDFs
  { pattern: `${org}/company-settings/logo/*`, service: 'documents', access: 'org', bodyLimit: 'upload' },
  { pattern: `${estimate}/generate-pdf`, service: 'documents', access: 'org' },
  { pattern: '/api/documents/*', service: 'documents', access: 'user', orgQuery: 'organizationId' },
  // a company logo as the client's share page shows it (branding meant for clients; no sign-in)
  { method: 'GET', pattern: '/api/public/logos/:orgId', service: 'documents', access: 'public' },

  // admin: settings, usage, activity, platform administration and monitoring
  { pattern: `${org}/usage`, service: 'admin', access: 'org' },
  { pattern: '/api/dashboard/metrics', service: 'admin', access: 'org', orgQuery: 'organizationId' },
  { pattern: `${org}/company-settings/*`, service: 'admin', access: 'org' },
  { pattern: `${org}/activities/*`, service: 'admin', access: 'org' },
  { pattern: `${org}/notifications/*`, service: 'admin', access: 'org' },
  { pattern: `${org}/notification-preferences`, service: 'admin', access: 'org' },
  {
    method: 'POST',
    pattern: '/api/public/notification-preferences/unsubscribe/:token',
    service: 'admin',
    access: 'public',
    rateLimit: { policy: 'account', bucket: 'unsubscribe' },
    csrfExempt: true,
  },
  { pattern: '/api/admin/*', service: 'admin', access: 'admin' },
  { pattern: '/api/health/*', service: 'admin', access: 'admin' },

  // ai: generation, jobs, section chat (every call that spends model time counts per organisation)
  {
    method: 'POST',
    pattern: '/api/ai/generate-content',
    service: 'ai',
    access: 'user',
    orgQuery: 'organizationId',
    orgBody: 'organizationId',
    rateLimit: aiLimit,
  },
  { pattern: '/api/ai/*', service: 'ai', access: 'user', orgQuery: 'organizationId' },
  { pattern: `${org}/jobs/*`, service: 'ai', access: 'org' },
  { method: 'POST', pattern: `${estimate}/generate-all-content`, service: 'ai', access: 'org', rateLimit: aiLimit },
  { method: 'POST', pattern: `${estimate}/generate-content/:type`, service: 'ai', access: 'org', rateLimit: aiLimit },
  { method: 'POST', pattern: `${estimate}/content-sections/:type/chat`, service: 'ai', access: 'org', rateLimit: aiLimit },
  { pattern: `${estimate}/content-sections/:type/chat`, service: 'ai', access: 'org' },

  // meetings: recordings (large multipart bodies) and tasks
  { pattern: `${org}/meetings/:id/transcribe`, service: 'meetings', access: 'org', bodyLimit: 'audio' },
  { pattern: `${org}/meetings/:id/live-transcribe`, service: 'meetings', access: 'org', bodyLimit: 'audio' },
  { pattern: `${org}/meetings/*`, service: 'meetings', access: 'org' },
  { pattern: `${org}/tasks/*`, service: 'meetings', access: 'org' },

  // estimates: the public share page, property lookup, and every other organisation resource
  // a reminder mail's one-click unsubscribe (RFC 8058): the mail client POSTs without a session
  {
    method: 'POST',
    pattern: '/api/public/estimates/:token/unsubscribe',
    service: 'estimates',
    access: 'public',
    rateLimit: { policy: 'public-estimate', bucket: 'public-estimate' },
    csrfExempt: true,
  },
  { pattern: '/api/public/estimates/:token/*', service: 'estimates', access: 'public', rateLimit: { policy: 'public-estimate', bucket: 'public-estimate' } },
  { pattern: '/api/external/enhanced-property-data', service: 'estimates', access: 'user', orgQuery: 'organizationId' },
  { pattern: `${org}/:resource/*`, service: 'estimates', access: 'org' },

  // development mail sink (auth answers 404 when it is off)
  { pattern: '/__dev/mail/*', service: 'auth', access: 'public', devOnly: true },
  { pattern: '/__dev/mailbox/*', service: 'auth', access: 'public', devOnly: true },
]
