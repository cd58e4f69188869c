import type { Server } from 'node:http'
import type { Logger } from './logger.js'

export type Closer = { name: string; close: () => Promise<unknown> | unknown }

/** What runService listens with: an express app, or the gateway (express beside node:http). */
export type Listenable = { listen: (port: number, host: string, callback: (err?: Error) => void) => Server }

/**
 * Listens and stops cleanly: on SIGTERM/SIGINT it stops accepting requests, lets in-flight ones
 * finish, then closes consumers, relays and connections in the given order.
 */
export async function runService(opts: { app: Listenable; port: number; host: string; logger: Logger; closers: Closer[] }): Promise<Server> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = opts.app.listen(opts.port, opts.host, (err?: Error) => (err ? reject(err) : resolve(s)))
  })
  server.keepAliveTimeout = 65_000
  opts.logger.info({ port: opts.port }, 'listening')
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    opts.logger.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections?.()
    for (const closer of opts.closers) {
      try {
        await closer.close()
      } catch (err) {
        opts.logger.warn({ err, closer: closer.name }, 'close failed')
      }
    }
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))
  return server
}
