import { lookup as dnsLookup } from 'node:dns/promises'
import type { IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import tls from 'node:tls'
import { type AddressPolicy, ipLiteralOf, isPublicAddress } from './address-policy.js'

/** A refusal with the message the settings screen shows. */
export class FetchRefused extends Error {}

export type SafeFetchOptions = {
  /** Which resolved addresses may be connected to (tests allow 127.0.0.1 for a local server). */
  allowAddress?: AddressPolicy
  /** Extra trusted CA certificates (a test server's self-signed one). */
  ca?: string | Buffer
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  /** Name resolution (defaults to the system resolver); answers every address of the name. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>
}

export const FetchMessages = {
  invalidUrl: 'Logo URL is not a valid URL',
  httpsOnly: 'Logo URL must use https',
  privateAddress: 'Logo URL points to a private or local address',
  unresolvable: 'Logo URL host could not be found',
  tooManyRedirects: 'Logo URL redirected too many times',
  timeout: 'Logo URL took too long to respond',
  tooLarge: 'Logo URL image is larger than 10MB',
  unreachable: 'Logo URL could not be fetched',
  status: (code: number) => `Logo URL answered HTTP ${code}`,
} as const

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true })

/** Parses a URL and refuses anything but https with a host. */
export function parseHttpsUrl(raw: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    throw new FetchRefused(FetchMessages.invalidUrl)
  }
  if (url.protocol !== 'https:') throw new FetchRefused(FetchMessages.httpsOnly)
  if (!url.hostname || url.username || url.password) throw new FetchRefused(FetchMessages.invalidUrl)
  return url
}

/**
 * Resolves the URL's host and answers the one address to connect to, after checking that every
 * address the name resolves to is allowed (a name with one private address among public ones is
 * refused: the client could be steered to it).
 */
export async function vetHost(url: URL, allow: AddressPolicy, resolve: NonNullable<SafeFetchOptions['resolve']>): Promise<{ address: string; family: number }> {
  const literal = ipLiteralOf(url.hostname)
  let addresses: { address: string; family: number }[]
  if (literal) addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
  else {
    try {
      addresses = await resolve(url.hostname)
    } catch {
      throw new FetchRefused(FetchMessages.unresolvable)
    }
  }
  if (!addresses.length) throw new FetchRefused(FetchMessages.unresolvable)
  if (!addresses.every((a) => allow(a.address))) throw new FetchRefused(FetchMessages.privateAddress)
  return addresses[0]
}

/** A lookup that always answers the vetted address: no second resolution, so no DNS rebinding. */
function pinnedLookup(pinned: { address: string; family: number }): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }) as unknown as LookupFunction
}

type Hop = { status: number; location: string | null; body: Buffer | null }

/** One request to a vetted address; reads the body (≤ maxBytes) unless it is a redirect. */
function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  opts: { ca?: string | Buffer; maxBytes: number; signal: AbortSignal },
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const isIpHost = ipLiteralOf(url.hostname) !== null
    const req = https.request(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(pinned),
        // SNI must be a name; an IP-literal URL sends none (servername '' disables it).
        servername: isIpHost ? '' : url.hostname,
        // An extra CA adds to the public roots instead of replacing them.
        ca: opts.ca ? [...tls.rootCertificates, opts.ca] : undefined,
        agent: false,
        signal: opts.signal,
        headers: { accept: 'image/png,image/jpeg;q=0.9,*/*;q=0.1', 'user-agent': 'Plumbline-LogoFetcher/1.0' },
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0
        if (REDIRECTS.has(status)) {
          res.resume()
          return resolve({ status, location: typeof res.headers.location === 'string' ? res.headers.location : null, body: null })
        }
        if (status < 200 || status >= 300) {
          res.resume()
          return resolve({ status, location: null, body: null })
        }
        const declared = Number(res.headers['content-length'])
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy()
          return reject(new FetchRefused(FetchMessages.tooLarge))
        }
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > opts.maxBytes) {
            res.destroy()
            reject(new FetchRefused(FetchMessages.tooLarge))
            return
          }
          chunks.push(chunk)
        })
        res.on('end', () => resolve({ status, location: null, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/**
 * Fetches an https URL for the server without letting the URL reach inside the network:
 * https only; every hop's host resolved here and all its addresses checked by the policy; the
 * connection pinned to the checked address (SNI and Host stay the name); at most
 * `maxRedirects` redirects, each checked the same way; one deadline for everything; a size cap.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<Buffer> {
  const allow = options.allowAddress ?? isPublicAddress
  const resolve = options.resolve ?? systemResolve
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024
  const maxRedirects = options.maxRedirects ?? 3
  const timeoutMs = options.timeoutMs ?? 5000
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    let url = parseHttpsUrl(rawUrl)
    for (let hop = 0; ; hop++) {
      const pinned = await withDeadline(vetHost(url, allow, resolve), controller.signal)
      let result: Hop
      try {
        result = await requestOnce(url, pinned, { ca: options.ca, maxBytes, signal: controller.signal })
      } catch (err) {
        if (err instanceof FetchRefused) throw err
        if (controller.signal.aborted) throw new FetchRefused(FetchMessages.timeout)
        throw new FetchRefused(`${FetchMessages.unreachable} (${(err as Error).message})`)
      }
      if (result.body) return result.body
      if (!REDIRECTS.has(result.status)) throw new FetchRefused(FetchMessages.status(result.status))
      if (hop >= maxRedirects) throw new FetchRefused(FetchMessages.tooManyRedirects)
      if (!result.location) throw new FetchRefused(FetchMessages.status(result.status))
      url = parseHttpsUrl(result.location, url)
    }
  } finally {
    clearTimeout(timer)
  }
}

/** DNS lookups cannot be cancelled; stop waiting for one when the deadline passes. */
function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new FetchRefused(FetchMessages.timeout))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new FetchRefused(FetchMessages.timeout))
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
