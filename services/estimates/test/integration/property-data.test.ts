import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ZPropertyData } from '@plumbline/contracts'
import { signedRequest } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseUsAddress } from '../../src/domain/property-address.js'
import { GENERAL_WILDFIRE_TIPS, NO_FIRE_DATA_DESCRIPTION } from '../../src/property/embedded-provider.js'
import { createHttpPropertyProvider } from '../../src/property/http-provider.js'
import type { EstimatesTestService } from '../support/estimates-test-service.js'
import { startPricingService } from '../support/pricing-fixtures.js'

// A stand-in property + wildfire API on a local port: each test says how it answers.
type Seen = { path: string; auth: string | undefined; body: unknown }
type Handler = (path: string, body: unknown) => { status: number; body?: unknown; raw?: string; delayMs?: number }
let handler: Handler = () => ({ status: 500 })
const seen: Seen[] = []
let upstream: http.Server
let upstreamUrl: string

let embedded: EstimatesTestService
let viaHttp: EstimatesTestService

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body })
      const answer = handler(req.url ?? '', body)
      setTimeout(() => {
        if (res.destroyed) return
        res.writeHead(answer.status, { 'content-type': 'application/json' })
        res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)))
      }, answer.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`
  ;[embedded, viaHttp] = await Promise.all([
    startPricingService(),
    startPricingService({ PROPERTY_DATA_URL: upstreamUrl, PROPERTY_DATA_API_KEY: 'test-key-123' }),
  ])
})
afterAll(async () => {
  await embedded?.close()
  await viaHttp?.close()
  upstream?.closeAllConnections()
  await new Promise((r) => upstream?.close(r))
})

const signedIn = { sub: 'wizard-user', email: 'wizard@example.com', systemRole: 'user' as const }
const lookup = (svc: EstimatesTestService, body: unknown, claims: typeof signedIn | null = signedIn) =>
  signedRequest(svc.base, claims, 'POST', '/external/enhanced-property-data', body)

describe('POST /external/enhanced-property-data (embedded provider)', () => {
  it('normalises the address and honestly reports everything else as unknown', async () => {
    const res = await lookup(embedded, { address: '123 main street springfield illinois 62701' })
    expect(res.status).toBe(200)
    const data = ZPropertyData.parse(res.body)
    expect(data.property).toEqual({
      formattedAddress: '123 Main St, Springfield, IL 62701',
      bedrooms: null,
      bathrooms: null,
      squareFootage: null,
      yearBuilt: null,
      propertyType: null,
    })
    expect(data.fireHazard).toEqual({ riskLevel: null, zone: null, description: NO_FIRE_DATA_DESCRIPTION, recommendations: GENERAL_WILDFIRE_TIPS })
    expect(data.fireHazard.description).toMatch(/^No wildfire hazard data source is configured\./)
    for (const tip of data.fireHazard.recommendations) expect(tip).toMatch(/^General wildfire preparedness \(not specific to this property\)/)
    expect(data.source).toMatchObject({ provider: 'embedded', addressValidated: true })
    expect(data.source.note).toMatch(/not verified/)
  })

  it('answers 400 "Could not validate address …" for an address it cannot read', async () => {
    const res = await lookup(embedded, { address: 'somewhere over the rainbow' })
    expect(res.status).toBe(400)
    expect(res.body.detail).toMatch(/^Could not validate address: /)
    expect(res.body.errors).toEqual([{ field: 'address', message: res.body.detail }])
    const missing = await lookup(embedded, {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual([{ field: 'address', message: 'Property address is required' }])
    expect((await lookup(embedded, { address: '   ' })).body.errors[0].message).toBe('Property address is required')
  })

  it('needs a signed-in user, but no organisation', async () => {
    expect((await lookup(embedded, { address: '1 Main St, Springfield, IL' }, null)).status).toBe(401)
  })
})

describe('HTTP provider', () => {
  const address = parseUsAddress('456 N. Oak Ave., Apt 4b, Austin, tx, 78701-1234')
  if (!address.ok) throw new Error('fixture address')
  const provider = (timeoutMs?: number) => createHttpPropertyProvider({ url: upstreamUrl, apiKey: 'k-1', timeoutMs })

  it('posts the normalised address to both APIs with the key and maps their answers', async () => {
    seen.length = 0
    handler = (path) =>
      path.endsWith('/property')
        ? {
            status: 200,
            body: {
              found: true,
              formattedAddress: '456 N Oak Ave Apt 4B, Austin, TX 78701-1234',
              bedrooms: 3,
              bathrooms: 2.5,
              squareFootage: 1850,
              yearBuilt: 1994,
              propertyType: 'Condo',
            },
          }
        : { status: 200, body: { riskLevel: 'Moderate', zone: 'WUI-2', description: 'Mapped wildland-urban interface.', recommendations: ['Clear gutters'] } }
    const data = ZPropertyData.parse(await provider().lookup(address.address))
    expect(data.property).toEqual({
      formattedAddress: '456 N Oak Ave Apt 4B, Austin, TX 78701-1234',
      bedrooms: 3,
      bathrooms: 2.5,
      squareFootage: 1850,
      yearBuilt: 1994,
      propertyType: 'Condo',
    })
    expect(data.fireHazard).toEqual({
      riskLevel: 'Moderate',
      zone: 'WUI-2',
      description: 'Mapped wildland-urban interface.',
      recommendations: ['Clear gutters'],
    })
    expect(data.source).toMatchObject({ provider: 'http', addressValidated: true })
    expect(seen.map((s) => s.path).sort()).toEqual(['/v1/property', '/v1/wildfire-hazard'])
    for (const s of seen) {
      expect(s.auth).toBe('Bearer k-1')
      expect(s.body).toEqual({
        address: '456 N Oak Ave Apt 4B, Austin, TX 78701-1234',
        street: '456 N Oak Ave',
        unit: 'Apt 4B',
        city: 'Austin',
        state: 'TX',
        zip: '78701-1234',
      })
    }
  })

  it('reports "no record" and "no data" honestly on 404 or found:false', async () => {
    handler = (path) => (path.endsWith('/property') ? { status: 200, body: { found: false } } : { status: 404 })
    const data = await provider().lookup(address.address)
    expect(data.property).toEqual({
      formattedAddress: address.address.formatted,
      bedrooms: null,
      bathrooms: null,
      squareFootage: null,
      yearBuilt: null,
      propertyType: null,
    })
    expect(data.fireHazard).toEqual({
      riskLevel: null,
      zone: null,
      description: 'The wildfire hazard service has no data for this location.',
      recommendations: [],
    })
    expect(data.source).toMatchObject({ provider: 'http', addressValidated: false })
    expect(data.source.note).toMatch(/no record of this address/)
  })

  it.each([
    ['a timeout', { status: 200, body: {}, delayMs: 800 }, /did not answer within 0.3 seconds/],
    ['a server error', { status: 502, body: { error: 'x' } }, /answered HTTP 502/],
    ['a refused key', { status: 401, body: {} }, /refused the configured API key \(HTTP 401\)/],
    ['invalid JSON', { status: 200, raw: '{nope' }, /not valid JSON/],
    ['an unexpected shape', { status: 200, body: { bedrooms: 'three' } }, /unexpected format/],
  ])('turns %s into a clear 503', async (_label, answer, message) => {
    handler = () => answer
    const err = await provider(300)
      .lookup(address.address)
      .then(
        () => null,
        (e: unknown) => e as { status: number; code: string; message: string },
      )
    expect(err).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' })
    expect(err!.message).toMatch(message)
  })

  it('says when the service cannot be reached at all', async () => {
    const dead = createHttpPropertyProvider({ url: 'http://127.0.0.1:1/', timeoutMs: 2000 })
    await expect(dead.lookup(address.address)).rejects.toMatchObject({ status: 503, message: 'The property data service could not be reached.' })
  })

  it('limits each call to 5 seconds by default', async () => {
    const { PROPERTY_PROVIDER_TIMEOUT_MS } = await import('../../src/property/http-provider.js')
    expect(PROPERTY_PROVIDER_TIMEOUT_MS).toBe(5000)
  })

  it('is used by the route when PROPERTY_DATA_URL is set, after validating the address itself', async () => {
    seen.length = 0
    handler = (path) => (path.endsWith('/property') ? { status: 200, body: { found: true, yearBuilt: 1920 } } : { status: 404 })
    const res = await lookup(viaHttp, { address: '9 Elm St, Boise, ID 83702' })
    expect(res.status).toBe(200)
    expect(res.body.property).toMatchObject({ formattedAddress: '9 Elm St, Boise, ID 83702', yearBuilt: 1920, bedrooms: null })
    expect(res.body.source.provider).toBe('http')
    expect(seen.every((s) => s.auth === 'Bearer test-key-123')).toBe(true)
    seen.length = 0
    expect((await lookup(viaHttp, { address: 'nowhere' })).status).toBe(400)
    expect(seen).toHaveLength(0)
    handler = () => ({ status: 500 })
    const down = await lookup(viaHttp, { address: '9 Elm St, Boise, ID 83702' })
    expect(down.status).toBe(503)
    expect(down.body.detail).toMatch(/answered HTTP 500/)
  })
})
