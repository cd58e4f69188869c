import { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '@plumbline/service-kit'
import { Agent, type Dispatcher } from 'undici'
import { payloadTooLarge, unavailable } from '../core/errors.js'
import { BodyTooLargeError, byteLimiter, hasBody } from '../security/body-limit.js'
import { acceptsGzip, isCompressible, sendGzipped, varyOnEncoding } from './compress-response.js'
import { isForwardableResponseHeader } from './forward-headers.js'

export type ForwardTarget = {
  origin: string
  path: string
  headers: Record<string, string | string[]>
  bodyLimit: number
  service: string
  /** A body the gateway already read (to see the organisation it names); else the request streams. */
  body?: Buffer
}
export type Forwarder = (req: IncomingMessage, res: ServerResponse, target: ForwardTarget) => Promise<void>

/**
 * Streams the request to a service and its answer back, without buffering either. One
 * keep-alive pool per upstream (undici honours the server's Keep-Alive hint, so idle sockets
 * are retired before the service closes them).
 *
 * The timeout counts from the moment the browser finished sending: a slow upload is not a slow
 * service. A refused connection fails at once; either way the browser gets 503 + Retry-After.
 */
export function createForwarder(opts: {
  timeoutMs: number
  logger: Logger
  /** A CSRF cookie to add when the upstream's answer starts or ends a session (security/csrf.ts). */
  csrfOnSessionChange?: (setCookies: string[]) => string | undefined
}): { forward: Forwarder; close: () => Promise<void> } {
  const agent = new Agent({ headersTimeout: 0, bodyTimeout: opts.timeoutMs, connectTimeout: Math.min(opts.timeoutMs, 10_000) })

  const forward: Forwarder = async (req, res, target) => {
    // undici takes an EventEmitter as the signal; it costs less per call than an AbortController.
    const abort = new EventEmitter()
    let timer: NodeJS.Timeout | undefined
    let tooLarge: BodyTooLargeError | undefined
    let body: NodeJS.ReadableStream | Buffer | undefined
    if (!target.body && hasBody(req)) {
      const limiter = byteLimiter(target.bodyLimit)
      limiter.on('error', (err) => {
        if (err instanceof BodyTooLargeError) tooLarge = err
        abort.emit('abort')
      })
      req.once('end', () => {
        timer = setTimeout(abortCall, opts.timeoutMs, abort)
      })
      body = req.pipe(limiter)
    } else {
      body = target.body
      timer = setTimeout(abortCall, opts.timeoutMs, abort)
    }

    // The browser went away: stop the service's work too.
    res.once('close', () => res.writableFinished || abort.emit('abort'))

    let upstream: Dispatcher.ResponseData
    try {
      upstream = await agent.request({
        origin: target.origin,
        path: target.path,
        method: req.method as Dispatcher.HttpMethod,
        headers: target.headers,
        body: body as Dispatcher.DispatchOptions['body'],
        signal: abort,
      })
    } catch (err) {
      if (tooLarge) throw payloadTooLarge(tooLarge.limit)
      const code = (err as { code?: string }).code
      opts.logger.warn({ upstream: target.service, err: (err as Error).message, code }, 'upstream unavailable')
      // The cause reaches Recent Errors, never the browser.
      throw Object.assign(unavailable(), { cause: `${target.service} unreachable: ${code ?? (err as Error).message}` })
    } finally {
      clearTimeout(timer)
    }
    copyResponseHead(upstream, res, opts.csrfOnSessionChange)
    if (isCompressible(req.method ?? 'GET', upstream)) {
      varyOnEncoding(res)
      if (acceptsGzip(req)) {
        return sendGzipped(upstream.body, res).catch((err: Error) => {
          // A browser that went away aborted the read; only a broken service is worth a line.
          if (!res.destroyed) reportBrokenAnswer(opts.logger, target.service, err)
          res.destroy()
        })
      }
    }
    await streamBody(upstream.body, res, (err) => reportBrokenAnswer(opts.logger, target.service, err))
  }

  return { forward, close: () => agent.close() }
}

// Module-level rather than closures made per call: the per-request work stays allocation-light.
const abortCall = (signal: EventEmitter) => signal.emit('abort')
const reportBrokenAnswer = (logger: Logger, service: string, err: Error) => logger.warn({ upstream: service, err: err.message }, 'response stream failed')

/**
 * Pipes the service's answer to the browser and settles once the browser's response closes.
 * Plain pipe rather than stream/promises' pipeline: pipeline makes and aborts an AbortController
 * per call (a DOMException with a stack trace), a visible share of every forwarded request (docs/adr/0003).
 * A service that breaks mid-answer cuts the browser's connection (headers are gone already, so
 * that is the only way left to say the answer is incomplete); a browser that goes away stops
 * reading the service's answer.
 */
function streamBody(body: Dispatcher.ResponseData['body'], res: ServerResponse, onBroken: (err: Error) => void): Promise<void> {
  return new Promise((resolve) => {
    body.on('error', (err) => {
      onBroken(err)
      res.destroy()
    })
    res.once('close', () => {
      if (!body.destroyed) body.destroy()
      resolve()
    })
    body.pipe(res)
  })
}

function copyResponseHead(upstream: Dispatcher.ResponseData, res: ServerResponse, csrfOnSessionChange?: (setCookies: string[]) => string | undefined): void {
  res.statusCode = upstream.statusCode
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || !isForwardableResponseHeader(name)) continue
    // append, not set: the gateway may have issued its own CSRF cookie on this response
    if (name === 'set-cookie') {
      res.appendHeader('Set-Cookie', value)
      const csrf = csrfOnSessionChange?.(Array.isArray(value) ? value : [value])
      if (csrf) res.appendHeader('Set-Cookie', csrf)
    } else res.setHeader(name, value)
  }
}
