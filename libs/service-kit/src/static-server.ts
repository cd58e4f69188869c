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
 * Serves a built front end (`cors`: the origins allowed to read it cross-origin, never `*`). Hashed assets are cached for a year; index.html, remoteEntry and
 * the MF manifest never are, so a redeployed remote is picked up on the next load. A client
 * that accepts gzip gets the build's precompressed variant of an asset, with the original's
 * Content-Type (and `Vary: Accept-Encoding` on both variants, for caches between).
 */
export function staticSite(dir: string, opts: { spaFallback: boolean; cors: false | string[] }): Express {
  const app = express()
  app.disable('x-powered-by')
  const gzipped = gzipVariants(dir)
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
  app.use(
    express.static(dir, {
      index: 'index.html',
      setHeaders: (res, path) => {
        const original = path.endsWith('.gz') ? path.slice(0, -'.gz'.length) : path
        if (original !== path) {
          res.setHeader('Content-Encoding', 'gzip')
          // send sets no Content-Type once one is set: the original's, not application/gzip.
          ;(res as Response).type(extname(original))
        }
        res.setHeader('Cache-Control', MUTABLE.test(original) ? 'no-cache' : 'public, max-age=31536000, immutable')
        res.setHeader('X-Content-Type-Options', 'nosniff')
      },
    }),
  )
  if (opts.spaFallback) {
    const index = join(dir, 'index.html')
    app.use((req, res, next) => {
      if (req.method !== 'GET' || !existsSync(index)) return next()
      res.setHeader('Cache-Control', 'no-cache')
      res.sendFile(index)
    })
  }
  return app
}
