/**
 * Values remembered with the database version they were read at, least recently used dropped
 * first once either bound is passed. A caller serves a remembered value only after reading the
 * current version from PostgreSQL and finding it equal, so a stale value is never served, and
 * replicas need no shared store or invalidation messages: a write anywhere moves the version
 * (kept by triggers in the writer's own transaction).
 *
 * Only remember what was read outside a transaction: a version seen inside one may be rolled
 * back and later reused by different committed data.
 */
export type Versioned<T> = { version: string; value: T }

export type VersionedMemo<T> = {
  get(key: string): Versioned<T> | undefined
  set(key: string, entry: Versioned<T>): void
}

export function createVersionedMemo<T>(opts: { maxEntries: number; maxBytes?: number; sizeOf?: (value: T) => number }): VersionedMemo<T> {
  const entries = new Map<string, Versioned<T> & { bytes: number }>()
  let bytes = 0
  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.bytes
    entries.delete(key)
  }
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      entries.delete(key)
      entries.set(key, entry)
      return entry
    },
    set(key, entry) {
      drop(key)
      const size = opts.sizeOf?.(entry.value) ?? 0
      if (opts.maxBytes !== undefined && size > opts.maxBytes) return
      entries.set(key, { ...entry, bytes: size })
      bytes += size
      for (const oldest of entries.keys()) {
        if (entries.size <= opts.maxEntries && (opts.maxBytes === undefined || bytes <= opts.maxBytes)) break
        drop(oldest)
      }
    },
  }
}
