import { Transform } from 'node:stream'
import { ErrorCode } from '@plumbline/contracts'
import { AppError, badRequest } from '@plumbline/service-kit'
import busboy from 'busboy'
import type { Request } from 'express'
import type { ReceiveFileOptions } from '../domain/file-source.js'

/** Room for the multipart boundaries and part headers around a file at the cap. */
const MULTIPART_OVERHEAD = 64 * 1024

/**
 * Holds back the first `size` bytes until `check` accepted them (its answer may take a while: the
 * stream waits); then passes everything through. `complete` says the file ended within them.
 */
function headGate(size: number, check: ReceiveFileOptions<unknown>['checkHead']): Transform {
  let held: Buffer[] = []
  let heldBytes = 0
  let open = false
  const release = async (gate: Transform, complete: boolean) => {
    const head = Buffer.concat(held)
    held = []
    const refusal = await check(head, complete)
    if (refusal) return refusal
    open = true
    gate.push(head)
    return null
  }
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (open) return done(null, chunk)
      held.push(chunk)
      heldBytes += chunk.length
      if (heldBytes < size) return done()
      release(this, false).then(done, done)
    },
    flush(done) {
      if (open) return done()
      release(this, true).then(done, done)
    },
  })
}

/**
 * Reads one file field of a multipart body as a stream, never whole in memory: the file's first
 * bytes are checked (its real type) before `sink` sees any, and the read stops the moment the
 * file passes `maxBytes` (a declared Content-Length past the cap is refused before reading).
 * Resolves with what `sink` resolved once the whole body was read.
 */
export function receiveFile<T>(req: Request, opts: ReceiveFileOptions<T>): Promise<T> {
  const missing = () => badRequest(opts.missing, [{ field: opts.field, message: opts.missing }])
  const malformed = () => badRequest('The upload could not be read', [{ field: opts.field, message: 'Malformed multipart body' }])
  const tooLarge = () => new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, opts.tooLarge, [{ field: opts.field, message: opts.tooLarge }], { connection: 'close' })
  return new Promise<T>((resolve, reject) => {
    if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) return reject(missing())
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > opts.maxBytes + MULTIPART_OVERHEAD) return reject(tooLarge())
    let bb: busboy.Busboy
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: opts.maxBytes, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 } })
    } catch {
      return reject(missing())
    }
    let settled = false
    let stored: Promise<T> | null = null
    let gate: Transform | null = null
    // Stops the sink (its half-written file is removed) and answers only after it settled, so a
    // refused or broken upload is already cleaned away.
    const fail = (err: Error) => {
      if (settled) return
      settled = true
      gate?.destroy(err)
      req.unpipe(bb)
      req.resume()
      void (stored ?? Promise.resolve()).catch(() => {}).then(() => reject(err))
    }
    bb.on('file', (name, stream, info) => {
      // A body cut short errors the part's stream too; unheard, that error would end the process.
      stream.on('error', () => fail(malformed()))
      if (name !== opts.field || stored) {
        stream.resume()
        return
      }
      gate = headGate(opts.headBytes, opts.checkHead)
      // The sink may attach its own listeners a tick later (after an await); the error still
      // reaches it through the stream's errored state.
      gate.on('error', () => {})
      stream.on('limit', () => fail(tooLarge()))
      stream.pipe(gate)
      stored = opts.sink(gate, info.filename ?? '')
      stored.catch((err: Error) => {
        stream.resume()
        fail(err instanceof AppError ? err : malformed())
      })
    })
    bb.on('error', () => fail(malformed()))
    bb.on('close', () => {
      if (settled) return
      if (!stored) return fail(missing())
      stored.then(
        (value) => {
          if (settled) return
          settled = true
          resolve(value)
        },
        () => {},
      )
    })
    req.on('error', (err) => fail(err))
    // A client that goes away mid-upload: nothing more will come.
    req.on('close', () => {
      if (!req.complete) fail(malformed())
    })
    req.pipe(bb)
  })
}
