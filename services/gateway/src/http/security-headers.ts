import type { ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'

export type SecurityHeaderOptions = {
  production: boolean
  /** Manifest URLs of the Module Federation remotes: the shell loads their scripts, styles and manifests. */
  remotes: Record<string, string>
}

/** The origins the shell may load remote code from (each remote's manifest origin). */
const remoteOrigins = (remotes: Record<string, string>) => [...new Set(Object.values(remotes).map((url) => new URL(url).origin))]

/**
 * Scripts, manifests and styles only from this origin and the remotes'; no inline script, no
 * eval, no plugins, no framing. Inline styles stay allowed: React style attributes and the
 * remotes' injected CSS use them, and a style cannot run code.
 */
export function contentSecurityPolicy(remotes: Record<string, string>): string {
  const origins = remoteOrigins(remotes).join(' ')
  const from = (...extra: string[]) => ["'self'", ...extra, origins].filter(Boolean).join(' ')
  return [
    "default-src 'self'",
    `script-src ${from()}`,
    `style-src ${from("'unsafe-inline'")}`,
    `connect-src ${from()}`,
    `img-src ${from('data:', 'blob:')}`,
    `font-src ${from('data:')}`,
    `media-src ${from('blob:')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * A script, style, image or font file of the shell. A browser applies a Content-Security-Policy
 * only to the document (and to workers, which the product does not use) it arrives with, so on
 * these files the policy is about 1 kB of header per file that does nothing; pages, API answers
 * and everything else keep it.
 */
const STATIC_ASSET = /^\/(?!api\/)[^?]*\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|ico|woff2?|ttf)$/i
export const isStaticAsset = (path: string) => STATIC_ASSET.test(path)

/** Pages and answers a client's share link leads to: never indexed, never leaking the link in a Referer. */
const isSharePath = (path: string) => path.startsWith('/share/') || path.startsWith('/api/public/')

/**
 * Set on every response; a proxied service may still override them with its own values. API
 * answers default to no-store (tenant data must not sit in a shared or browser cache); a
 * service that wants caching (a public logo) says so itself.
 */
export function securityHeadersFor(options: SecurityHeaderOptions): (path: string, res: ServerResponse) => void {
  const csp = contentSecurityPolicy(options.remotes)
  return (path, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', 'DENY')
    if (!isStaticAsset(path)) res.setHeader('Content-Security-Policy', csp)
    if (options.production) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    if (path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store')
    if (isSharePath(path)) {
      res.setHeader('Referrer-Policy', 'no-referrer')
      res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    } else res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  }
}

/** securityHeadersFor, for the pages and files express serves. */
export function securityHeaders(setHeaders: (path: string, res: ServerResponse) => void): RequestHandler {
  return (req, res, next) => {
    setHeaders(req.path, res)
    next()
  }
}
