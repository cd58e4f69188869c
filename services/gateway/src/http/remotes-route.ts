import type { RequestHandler } from 'express'

/**
 * Runtime configuration for the shell: where each remote's manifest lives. Read at start-up by
 * the browser, never cached, so a remote can move without rebuilding the shell.
 */
export function remotesRoute(remotes: Record<string, string>): RequestHandler {
  const body = JSON.stringify(remotes)
  return (_req, res) => {
    res.locals.route = '/remotes.json'
    res.setHeader('Cache-Control', 'no-cache')
    res.type('application/json').send(body)
  }
}
