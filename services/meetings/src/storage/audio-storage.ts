import type { Readable } from 'node:stream'

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
