import type { Readable } from 'node:stream'
import type { AppError } from '@plumbline/service-kit'

export type ReceiveFileOptions<T> = {
  /** The multipart field that carries the file. */
  field: string
  maxBytes: number
  /** Answered 413 (with Connection: close) the moment the file passes maxBytes. */
  tooLarge: string
  /** Answered 400 when the body is not multipart or has no such file. */
  missing: string
  /** Bytes the check needs before any is handed on. */
  headBytes: number
  /**
   * Looks at the file's first bytes (`complete`: the whole file, shorter than headBytes); an error
   * refuses the file before anything is stored.
   */
  checkHead(head: Buffer, complete: boolean): AppError | null | Promise<AppError | null>
  /** Consumes the file's stream (e.g. into storage); rejects when the stream errors. */
  sink(file: Readable, fileName: string): Promise<T>
}

/**
 * The uploaded file of a request, as use cases see it: they say what to accept and where the
 * bytes go; the HTTP layer (http/receive-file.ts) reads the multipart body.
 */
export type FileSource = <T>(opts: ReceiveFileOptions<T>) => Promise<T>
