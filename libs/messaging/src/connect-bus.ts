import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node'
import type { MessagingLogger } from './logger.js'
import { assertPrefix, prefixSubject } from './names.js'
import { inboxPrefixOf } from './permissions.js'

export type Bus = {
  nc: NatsConnection
  js: JetStreamClient
  jsm: JetStreamManager
  /** '' in production; a unique token per test run. */
  prefix: string
  logger: MessagingLogger
  /** The on-the-wire subject for a logical subject (adds the prefix). */
  subject(s: string): string
  /** Flushes pending publishes and acks, then closes the connection. */
  close(): Promise<void>
}

export type ConnectBusOptions = {
  servers: string | string[]
  name: string
  prefix?: string
  logger: MessagingLogger
  /** The service's NATS user (production: one per service, see permissions.ts); none on an open dev server. */
  credentials?: { user: string; password: string }
  /** Extra nats.js connection options (e.g. reconnectTimeWait). */
  connection?: Partial<NodeConnectionOptions>
}

export async function connectBus(opts: ConnectBusOptions): Promise<Bus> {
  const prefix = opts.prefix ?? ''
  assertPrefix(prefix)
  const nc = await connect({
    servers: opts.servers,
    name: opts.name,
    // A service outlives NATS restarts: keep trying forever, and let a pod start before NATS
    // is reachable instead of crash-looping. The outbox holds events meanwhile.
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
    // Replies and JetStream deliveries arrive under a per-service inbox: the only one its user may read.
    inboxPrefix: inboxPrefixOf(opts.name),
    ...(opts.credentials ? { user: opts.credentials.user, pass: opts.credentials.password } : {}),
    ...opts.connection,
  })
  const { logger } = opts
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'error') logger.warn({ nats: s }, 'nats connection problem')
      else if (s.type === 'reconnect') logger.info({ nats: s }, 'nats reconnected')
    }
  })().catch(() => {})
  const js = jetstream(nc)
  const jsm = await jetstreamManager(nc)
  return {
    nc,
    js,
    jsm,
    prefix,
    logger,
    subject: (s) => prefixSubject(prefix, s),
    async close() {
      if (nc.isClosed()) return
      try {
        // drain lets in-flight reply handlers answer and pending acks reach the server.
        await nc.drain()
      } catch {
        await nc.close()
      }
    },
  }
}
