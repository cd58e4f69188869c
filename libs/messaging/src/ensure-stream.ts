import { DiscardPolicy, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream'
import { nanos } from '@nats-io/transport-node'
import type { Bus } from './connect-bus.js'
import { DLQ_OWNER, streamName } from './names.js'
import { retryingTimeouts } from './retry-loop.js'

/** Same msg id inside this window is dropped by the server: covers relay retries after a crash. */
export const DUPLICATE_WINDOW_MS = 2 * 60_000

export type EnsureStreamOptions = {
  /** Replicas in a clustered deployment (1 on a single server). */
  replicas?: number
  /** Drop messages older than this; default keeps them (limits retention without max age). */
  maxAgeMs?: number
  /**
   * Cap of the stream's size; the oldest messages go first when it is reached, consumed or not,
   * so size it for the longest consumer outage to survive. Default: no cap.
   */
  maxBytes?: number
}

/**
 * Creates or updates the stream capturing `<owner>.>` and the shared dead-letter stream
 * capturing `dlq.>` (both prefixed by the bus prefix). Idempotent: every service calls it at
 * start-up, so no start order is needed.
 *
 * Durability: business events use the JetStream *file* store. When the file store fsyncs is a
 * server setting, not a stream setting: `jetstream { sync_interval: always }` (or a short
 * interval such as `2s`; the default is 2 minutes) in nats-server.conf. It lives in
 * deploy/ (the NATS server config of docker-compose and the k8s ConfigMap), because a stream
 * that was acked but not yet fsynced is lost if the machine (not just the process) dies.
 */
export async function ensureStream(bus: Bus, owner: string, opts: EnsureStreamOptions = {}): Promise<string> {
  const name = streamName(bus.prefix, owner)
  await retryingTimeouts(() => upsertStream(bus, streamConfig(name, bus.subject(`${owner}.>`), opts)))
  await retryingTimeouts(() => upsertStream(bus, streamConfig(streamName(bus.prefix, DLQ_OWNER), bus.subject(`${DLQ_OWNER}.>`), opts)))
  return name
}

type NewStream = Partial<StreamConfig> & { name: string }

function streamConfig(name: string, subject: string, opts: EnsureStreamOptions): NewStream {
  return {
    name,
    subjects: [subject],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    // The server rejects a dedup window longer than max_age.
    duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, opts.maxAgeMs ?? Infinity)),
    num_replicas: opts.replicas ?? 1,
    max_age: opts.maxAgeMs === undefined ? 0 : nanos(opts.maxAgeMs),
    max_bytes: opts.maxBytes ?? -1,
  }
}

/**
 * Creates the owner's stream (and DLQ) only when missing, never changing an existing one. For
 * consumers of another service's events: they must not overwrite the owner's settings
 * (replicas, retention) with their defaults, but should not depend on the owner starting first.
 */
export async function ensureStreamExists(bus: Bus, owner: string): Promise<string> {
  const name = streamName(bus.prefix, owner)
  try {
    await retryingTimeouts(() => bus.jsm.streams.info(name))
    return name
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err
  }
  // Created here, or by the owner in the meantime (then its settings stand: a consumer's user
  // may not update another service's stream, and must not).
  await retryingTimeouts(() => createStream(bus, streamConfig(name, bus.subject(`${owner}.>`), {})))
  await retryingTimeouts(() => createStream(bus, streamConfig(streamName(bus.prefix, DLQ_OWNER), bus.subject(`${DLQ_OWNER}.>`), {})))
  return name
}

async function createStream(bus: Bus, cfg: NewStream): Promise<void> {
  try {
    await bus.jsm.streams.add(cfg)
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === STREAM_NAME_IN_USE)) throw err
  }
}

// The server error when `add` meets an existing stream with a different configuration.
const STREAM_NAME_IN_USE = 10058

async function upsertStream(bus: Bus, cfg: NewStream): Promise<void> {
  try {
    await bus.jsm.streams.add(cfg)
  } catch (err) {
    // Exists already (created by an earlier version or another service): bring it up to date.
    if (err instanceof JetStreamApiError && err.code === STREAM_NAME_IN_USE) {
      const { name, ...update } = cfg
      await bus.jsm.streams.update(name, update)
      return
    }
    throw err
  }
}
