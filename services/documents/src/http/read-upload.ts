import { ErrorCode } from '@plumbline/contracts'
import { AppError, badRequest } from '@plumbline/service-kit'
import busboy from 'busboy'
import type { Request } from 'express'

export type Upload = { bytes: Buffer; fileName: string }

/** Room for the multipart boundaries and part headers around a file at the cap. */
const MULTIPART_OVERHEAD = 64 * 1024

/**
 * Reads one file field from a multipart body, streaming, and stops reading the moment the body
 * grows past `maxBytes` (a declared Content-Length past the cap is refused before reading at
 * all). The caller answers `tooLarge` with Connection: close, so the rest is never read.
 */
export function readUpload(req: Request, opts: { field: string; maxBytes: number; tooLarge: string; missing: string }): Promise<Upload> {
  return new Promise<Upload>((resolve, reject) => {
    const type = req.headers['content-type'] ?? ''
    if (!/^multipart\/form-data\b/i.test(type)) return reject(badRequest(opts.missing, [{ field: opts.field, message: opts.missing }]))
    const tooLarge = () =>
      new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, opts.tooLarge, [{ field: opts.field, message: opts.tooLarge }], { connection: 'close' })
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > opts.maxBytes + MULTIPART_OVERHEAD) return reject(tooLarge())
    let bb: busboy.Busboy
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: opts.maxBytes, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 } })
    } catch {
      return reject(badRequest(opts.missing, [{ field: opts.field, message: opts.missing }]))
    }
    let settled = false
    let found: Upload | null = null
    const fail = (err: Error) => {
      if (settled) return
      settled = true
      req.unpipe(bb)
      reject(err)
    }
    bb.on('file', (name, stream, info) => {
      // A body cut short errors the part's stream too; unheard, that error would end the process.
      stream.on('error', () => fail(badRequest('The upload could not be read', [{ field: opts.field, message: 'Malformed multipart body' }])))
      if (name !== opts.field) {
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('limit', () => fail(tooLarge()))
      stream.on('end', () => {
        if (!settled && !(stream as { truncated?: boolean }).truncated) found = { bytes: Buffer.concat(chunks), fileName: info.filename ?? '' }
      })
    })
    bb.on('error', () => fail(badRequest('The upload could not be read', [{ field: opts.field, message: 'Malformed multipart body' }])))
    bb.on('close', () => {
      if (settled) return
      settled = true
      if (found && found.bytes.length > 0) resolve(found)
      else reject(badRequest(opts.missing, [{ field: opts.field, message: opts.missing }]))
    })
    req.on('error', (err) => fail(err))
    req.pipe(bb)
  })
}
