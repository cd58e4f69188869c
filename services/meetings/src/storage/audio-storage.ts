import type { Readable } from 'node:stream'
import type { ByteSource } from '../domain/sniff-audio.js'

/**
 * Where recordings' bytes live, keyed by a storage key the meeting_audio row holds. Unlike the
 * documents service's FileStorage (whole buffers of small logos and PDFs, kept in PostgreSQL),
 * recordings run to hundreds of megabytes, so every call streams and memory stays flat whatever
 * the file's size. The embedded default is a directory (disk-audio-storage.ts); an object store
 * implements the same calls.
 */
export type AudioStorage = {
  /**
   * Streams `source` into the store. Resolves with its size and sha256 once every byte is durable;
   * rejects (and keeps nothing) when the source errors, e.g. the upload's size cap was hit.
   */
  put(key: string, source: Readable): Promise<{ sizeBytes: number; sha256: string }>
  /** A stream of the bytes [start, end] (inclusive), or all of them; null when nothing is stored. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>
  /** A local file path for tools that need one (ffmpeg); `release` when done with it. */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> } | null>
  delete(key: string): Promise<void>
}

/** A stored recording's bytes read by range (a few kilobytes where a check needs them, never the whole file). */
export function storedBytes(storage: AudioStorage, key: string, size: number): ByteSource {
  return {
    size,
    async read(start, length) {
      if (start >= size || length <= 0) return Buffer.alloc(0)
      const stream = await storage.read(key, { start, end: Math.min(size, start + length) - 1 })
      if (!stream) return Buffer.alloc(0)
      const chunks: Buffer[] = []
      for await (const chunk of stream) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    },
  }
}
