import express, { type Express } from 'express'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Serves a built front end. Hashed assets are cached for a year; index.html, remoteEntry and
 * the MF manifest never are, so a redeployed remote is picked up on the next load.
 */
export function staticSite(dir: string, opts: { spaFallback: boolean; cors: boolean }): Express {
  const app = express()
  app.disable('x-powered-by')
  if (opts.cors) {
    app.use((_req, res, next) => {
      res.setHeader('Access-Control-Allow-Origin', '*')
      next()
    })
  }
  app.use(
    express.static(dir, {
      index: 'index.html',
      setHeaders: (res, path) => {
        const mutable = /(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/.test(path)
        res.setHeader('Cache-Control', mutable ? 'no-cache' : 'public, max-age=31536000, immutable')
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
