import { existsSync, readdirSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import express, { type Express, type Response } from 'express'

/** Files that name the current build (re-fetched on every load); everything else is content-hashed. */
const MUTABLE = /(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/

/** URL paths (`/static/js/x.js`) that have a `.gz` variant beside them, written by the build (frontends/precompress.ts). */
function gzipVariants(dir: string): Set<string> {
  const found = new Set<string>()
  if (!existsSync(dir)) return found
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.gz')) continue
    const file = join(entry.parentPath, entry.name.slice(0, -'.gz'.length))
    found.add(`/${relative(dir, file).split(sep).join('/')}`)
  }
  return found
}

/**
 * Serves a built front end (`cors`: the origins allowed to read it cross-origin, never `*`;
 * `previous`: builds of earlier releases whose hashed assets stay reachable after a deploy).
 * Hashed assets are cached for a year; index.html, remoteEntry and the MF manifest never are,
 * so a redeployed remote is picked up on the next load. A client
 * that accepts gzip gets the build's precompressed variant of an asset, with the original's
 * Content-Type (and `Vary: Accept-Encoding` on both variants, for caches between).
 */
export function staticSite(dir: string, opts: { spaFallback: boolean; cors: false | string[]; previous?: string[] }): Express {
  const app = express()
  app.disable('x-powered-by')
  const previous = (opts.previous ?? []).filter((d) => existsSync(d))
  // An earlier release's variants count for its hashed assets only (the current build names itself).
  const gzipped = new Set([...gzipVariants(dir), ...previous.flatMap((d) => [...gzipVariants(d)].filter((p) => !MUTABLE.test(p)))])
  const allowed = new Set(opts.cors || [])
  if (allowed.size) {
    // The shell's page reads the manifest with fetch: its origin (and no other) may read the files.
    app.use((req, res, next) => {
      const origin = req.headers.origin
      if (origin && allowed.has(origin)) res.setHeader('Access-Control-Allow-Origin', origin)
      res.append('Vary', 'Origin')
      next()
    })
  }
  app.use((req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && gzipped.has(req.path)) {
      res.append('Vary', 'Accept-Encoding')
      if (req.acceptsEncodings('gzip') === 'gzip') req.url = `${req.path}.gz${req.url.slice(req.path.length)}`
    }
    next()
  })
  const setHeaders = (res: Response, path: string) => {
    const original = path.endsWith('.gz') ? path.slice(0, -'.gz'.length) : path
    if (original !== path) {
      res.setHeader('Content-Encoding', 'gzip')
      // send sets no Content-Type once one is set: the original's, not application/gzip.
      res.type(extname(original))
    }
    res.setHeader('Cache-Control', MUTABLE.test(original) ? 'no-cache' : 'public, max-age=31536000, immutable')
    res.setHeader('X-Content-Type-Options', 'nosniff')
  }
  app.use(express.static(dir, { index: 'index.html', setHeaders }))
  // The hashed assets of earlier releases, for pages loaded before a deploy that still name them;
  // never their index.html or manifest, which would take a new visitor back a release.
  for (const old of previous) {
    const serveOld = express.static(old, { index: false, setHeaders })
    app.use((req, res, next) => (MUTABLE.test(req.path.replace(/\.gz$/, '')) || req.path.endsWith('/') ? next() : serveOld(req, res, next)))
  }
  if (opts.spaFallback) {
    const index = join(dir, 'index.html')
    app.use((req, res, next) => {
      // A missing asset is a 404, not the app's page (a script tag would run HTML).
      if (req.method !== 'GET' || req.path.startsWith('/static/') || !existsSync(index)) return next()
      res.setHeader('Cache-Control', 'no-cache')
      res.sendFile(index)
    })
  }
  return app
}
