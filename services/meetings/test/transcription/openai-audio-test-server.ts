import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * A local server speaking OpenAI's `POST /v1/audio/transcriptions` (multipart upload) the way
 * OpenAI and whisper servers do, with behaviours the test programs: an answer (optionally slow),
 * an HTTP error status, or none until after the client's timeout. It tests our client over the
 * wire: the SDK's multipart encoding, our chunking, retries and stitching.
 */
export type Upload = {
  fields: Record<string, string[]>
  file: { filename: string; contentType: string; bytes: number; durationMs: number }
}

export type Behaviour =
  | { kind: 'ok'; delayMs?: number; answer?: (upload: Upload) => { contentType: string; body: string } }
  | { kind: 'status'; status: number; headers?: Record<string, string>; delayMs?: number }
  | { kind: 'hang'; delayMs: number }

export type AudioTestServer = {
  baseURL: string
  uploads: Upload[]
  /** Behaviours for the next requests, consumed in order; then `fallback`. */
  queue: Behaviour[]
  fallback: Behaviour
  close(): Promise<void>
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = []
    req.on('data', (c: Buffer) => parts.push(c))
    req.on('end', () => resolve(Buffer.concat(parts)))
    req.on('error', reject)
  })

/** The data size of a PCM WAV over 16 kHz × 16 bit mono: what the client sent, in time. */
function wavDurationMs(bytes: Buffer): number {
  const data = bytes.indexOf('data')
  return data < 0 ? 0 : Math.round((bytes.readUInt32LE(data + 4) / 32_000) * 1000)
}

/** A small multipart/form-data reader: enough for the SDK's form (text fields and one file). */
export function parseMultipart(body: Buffer, contentType: string): Upload {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType)
  if (!boundary) throw new Error('no multipart boundary')
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`)
  const upload: Upload = { fields: {}, file: { filename: '', contentType: '', bytes: 0, durationMs: 0 } }
  let at = body.indexOf(delimiter)
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length)
    if (next < 0) break
    const part = body.subarray(at + delimiter.length + 2, next - 2)
    const headerEnd = part.indexOf('\r\n\r\n')
    const headers = part.subarray(0, headerEnd).toString('utf8')
    const content = part.subarray(headerEnd + 4)
    const name = /name="([^"]+)"/.exec(headers)?.[1] ?? ''
    const filename = /filename="([^"]*)"/.exec(headers)?.[1]
    if (filename !== undefined) {
      const type = /content-type:\s*(\S+)/i.exec(headers)?.[1] ?? ''
      upload.file = { filename, contentType: type, bytes: content.length, durationMs: wavDurationMs(content) }
    } else {
      upload.fields[name] = [...(upload.fields[name] ?? []), content.toString('utf8')]
    }
    at = next
  }
  return upload
}

/**
 * Answers as whisper does: verbose_json with a segment every 4 s of the uploaded audio (text
 * naming the request and the segment), json and text with the text only.
 */
export function whisperAnswer(upload: Upload, requestNumber: number): { contentType: string; body: string } {
  const seconds = upload.file.durationMs / 1000
  const segments = []
  for (let start = 0, id = 0; start < seconds; start += 4, id++) {
    segments.push({ id, start, end: Math.min(seconds, start + 4), text: ` Request ${requestNumber} segment ${id}.` })
  }
  const text = segments.map((s) => s.text.trim()).join(' ')
  const format = upload.fields.response_format?.[0] ?? 'json'
  if (format === 'text') return { contentType: 'text/plain', body: text }
  if (format === 'verbose_json') {
    return { contentType: 'application/json', body: JSON.stringify({ task: 'transcribe', language: 'english', duration: seconds, text, segments }) }
  }
  return { contentType: 'application/json', body: JSON.stringify({ text }) }
}

export async function startAudioTestServer(fallback: Behaviour = { kind: 'ok' }): Promise<AudioTestServer> {
  const uploads: Upload[] = []
  const sockets = new Set<Socket>()
  const state = { queue: [] as Behaviour[], fallback }
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }))
      return
    }
    const upload = parseMultipart(body, req.headers['content-type'] ?? '')
    uploads.push(upload)
    const requestNumber = uploads.length
    const b = state.queue.shift() ?? state.fallback
    if (b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs))
    // The client gave up (timeout) while we waited: nothing to answer.
    if (!res.socket || res.socket.destroyed) return
    if (b.kind === 'hang') return void res.destroy()
    if (b.kind === 'status') {
      res
        .writeHead(b.status, { 'content-type': 'application/json', ...b.headers })
        .end(JSON.stringify({ error: { message: `test server answered ${b.status}`, type: 'server_error' } }))
      return
    }
    const answer = b.answer ? b.answer(upload) : whisperAnswer(upload, requestNumber)
    res.writeHead(200, { 'content-type': answer.contentType }).end(answer.body)
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    uploads,
    get queue() {
      return state.queue
    },
    set queue(q) {
      state.queue = q
    },
    get fallback() {
      return state.fallback
    },
    set fallback(b) {
      state.fallback = b
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise((r) => server.close(r))
    },
  }
}
