import { ErrorCode, type PropertyData } from '@plumbline/contracts'
import { AppError } from '@plumbline/service-kit'
import { z } from 'zod'
import type { UsAddress } from '../domain/property-address.js'
import type { PropertyDataProvider } from './provider.js'

/*
 * A property data provider over HTTP, used when PROPERTY_DATA_URL is set. Any service that
 * speaks this small JSON protocol can sit behind it (an adapter in front of a commercial property
 * API, a county records service, a wildfire hazard map service).
 *
 * Both calls: POST, `content-type: application/json`, `accept: application/json`, and
 * `authorization: Bearer <PROPERTY_DATA_API_KEY>` when the key is set. Request body:
 *
 *   { "address": "123 Main St, Springfield, IL 62701",   // normalised one-line address
 *     "street": "123 Main St", "unit": null, "city": "Springfield", "state": "IL", "zip": "62701" }
 *
 * 1. POST {PROPERTY_DATA_URL}/property
 *    200 { "found": true, "formattedAddress": "123 Main St, Springfield, IL 62701",
 *          "bedrooms": 3, "bathrooms": 2.5, "squareFootage": 1850, "yearBuilt": 1994,
 *          "propertyType": "Single Family" }
 *        every field optional and nullable; "found": false (or HTTP 404) = no record of it.
 *
 * 2. POST {PROPERTY_DATA_URL}/wildfire-hazard
 *    200 { "riskLevel": "High", "zone": "Very High Fire Hazard Severity Zone",
 *          "description": "…", "recommendations": ["…"] }
 *        riskLevel/zone nullable, description and recommendations optional; HTTP 404 = no data
 *        for this location.
 *
 * The two calls run in parallel, each limited to 5 seconds. A timeout, a refused connection, any
 * other status, or a body that does not match these shapes answers 503 with a message saying
 * which, so the wizard can tell the user and let them continue.
 */

export const PROPERTY_PROVIDER_TIMEOUT_MS = 5000
const MAX_RESPONSE_CHARS = 1_000_000

const nullableNumber = z.number().finite().nullable().optional()
const nullableText = z.string().max(500).nullable().optional()
export const ZHttpPropertyResponse = z.object({
  found: z.boolean().optional(),
  formattedAddress: nullableText,
  bedrooms: nullableNumber,
  bathrooms: nullableNumber,
  squareFootage: nullableNumber,
  yearBuilt: nullableNumber,
  propertyType: nullableText,
})
export const ZHttpWildfireResponse = z.object({
  riskLevel: nullableText,
  zone: nullableText,
  description: z.string().max(5000).nullable().optional(),
  recommendations: z.array(z.string().max(2000)).max(50).optional(),
})

export type HttpProviderOptions = { url: string; apiKey?: string; timeoutMs?: number; fetch?: typeof fetch }

const unavailable = (message: string) => new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, message)

type Call<T> = { kind: 'found'; data: T } | { kind: 'not-found' }

async function postJson<T>(opts: HttpProviderOptions, path: string, body: unknown, schema: z.ZodType<T>, what: string): Promise<Call<T>> {
  const timeoutMs = opts.timeoutMs ?? PROPERTY_PROVIDER_TIMEOUT_MS
  const url = new URL(path, opts.url.endsWith('/') ? opts.url : `${opts.url}/`)
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`
  let res: Response
  let text: string
  try {
    res = await (opts.fetch ?? fetch)(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) })
    text = await res.text()
  } catch (err) {
    const name = (err as Error).name
    if (name === 'TimeoutError' || name === 'AbortError') throw unavailable(`The ${what} service did not answer within ${timeoutMs / 1000} seconds.`)
    throw unavailable(`The ${what} service could not be reached.`)
  }
  if (res.status === 404) return { kind: 'not-found' }
  if (res.status === 401 || res.status === 403) throw unavailable(`The ${what} service refused the configured API key (HTTP ${res.status}).`)
  if (!res.ok) throw unavailable(`The ${what} service answered HTTP ${res.status}.`)
  let json: unknown
  try {
    if (text.length > MAX_RESPONSE_CHARS) throw new Error('too large')
    json = JSON.parse(text)
  } catch {
    throw unavailable(`The ${what} service sent a response that is not valid JSON.`)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw unavailable(`The ${what} service sent a response in an unexpected format.`)
  return { kind: 'found', data: parsed.data }
}

const requestBody = (a: UsAddress) => ({
  address: a.formatted,
  street: `${a.streetNumber} ${a.street}`,
  unit: a.unit,
  city: a.city,
  state: a.state,
  zip: a.zip,
})

/** Whole numbers stay whole; a provider's 2.5 bathrooms stays 2.5. */
const num = (v: number | null | undefined) => (v === undefined ? null : v)

export function createHttpPropertyProvider(opts: HttpProviderOptions): PropertyDataProvider {
  return {
    name: 'http',
    async lookup(address): Promise<PropertyData> {
      const body = requestBody(address)
      const [property, fire] = await Promise.all([
        postJson(opts, 'property', body, ZHttpPropertyResponse, 'property data'),
        postJson(opts, 'wildfire-hazard', body, ZHttpWildfireResponse, 'wildfire hazard'),
      ])
      const record = property.kind === 'found' && property.data.found !== false ? property.data : null
      const hazard = fire.kind === 'found' ? fire.data : null
      const known = record
        ? 'Property facts come from the configured property data service.'
        : 'The property data service has no record of this address, so its facts are unknown.'
      const fireNote = hazard ? 'Wildfire hazard comes from the configured hazard service.' : 'The wildfire hazard service has no data for this location.'
      return {
        property: {
          formattedAddress: record?.formattedAddress || address.formatted,
          bedrooms: num(record?.bedrooms),
          bathrooms: num(record?.bathrooms),
          squareFootage: num(record?.squareFootage),
          yearBuilt: num(record?.yearBuilt),
          propertyType: record?.propertyType ?? null,
        },
        fireHazard: hazard
          ? {
              riskLevel: hazard.riskLevel ?? null,
              zone: hazard.zone ?? null,
              description: hazard.description ?? '',
              recommendations: hazard.recommendations ?? [],
            }
          : { riskLevel: null, zone: null, description: 'The wildfire hazard service has no data for this location.', recommendations: [] },
        source: { provider: 'http', addressValidated: record !== null, note: `${known} ${fireNote}` },
      }
    },
  }
}
