import { mkdtempSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { IDENTITY_AUDIENCE, IDENTITY_HEADER, IDENTITY_ISSUER, type Problem, TEXT_MESSAGES } from '@plumbline/contracts'
import {
  AppError,
  contextOf,
  createLogger,
  createMetrics,
  createServiceApp,
  generateIdentityKeyEnv,
  identityKeySet,
  identityVerifier,
  parseBody,
  parseSigningKey,
  pathForLog,
  signIdentity,
} from '@plumbline/service-kit'
import express from 'express'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

const keyA = parseSigningKey(generateIdentityKeyEnv().IDENTITY_SIGNING_KEY)
const keyB = parseSigningKey(generateIdentityKeyEnv().IDENTITY_SIGNING_KEY)
const REFRESH_MS = 200
const keysFile = join(mkdtempSync(join(tmpdir(), 'kit-keys-')), 'identity-keys.json')
writeFileSync(keysFile, JSON.stringify({ keys: [keyA.publicJwk] }))
const keySet = identityKeySet({ file: keysFile, mode: 'test' }, REFRESH_MS)
const verify = identityVerifier(keySet)
let server: Server
let base: string
const reported: { correlationId: string | undefined; endpoint: string }[] = []

beforeAll(async () => {
  const app = createServiceApp({
    name: 'kit-test',
    logger: createLogger('kit-test', 'silent'),
    onServerError: ({ correlationId, endpoint }) => reported.push({ correlationId, endpoint }),
    metrics: createMetrics('kit-test'),
    verifyIdentity: verify,
    readiness: [
      {
        name: 'always-down',
        check: async () => {
          throw new Error('down')
        },
      },
    ],
    routes: (a) => {
      const router = express.Router()
      router.post('/things', (req, res) => res.status(201).json(parseBody(z.object({ name: z.string().min(1, 'Name is required') }), req)))
      router.get('/me', (_req, res) => res.json(contextOf(res)))
      router.get('/boom', () => {
        throw new Error('secret internal detail')
      })
      router.get('/conflict', () => {
        throw new AppError(409, 'CONFLICT', 'Already there')
      })
      router.get('/dependency-down', () => {
        throw Object.assign(new AppError(503, 'SERVICE_UNAVAILABLE', 'Try again shortly'), { cause: 'search index unreachable' })
      })
      a.use(router)
    },
  })
  server = app.listen(0)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  keySet.close()
  server?.close()
})

const post = (path: string, body: string) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('service app errors', () => {
  it('answers invalid input with 400 naming the field', async () => {
    const res = await post('/things', '{"name":""}')
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    const body = (await res.json()) as Problem
    expect(body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'name', message: 'Name is required' }] })
    expect(body.traceId).toBe(res.headers.get('x-request-id'))
  })

  it('refuses NUL characters and lone surrogates (body keys, values, query), naming the field, and bodies nested past 32 levels with 400, for every service', async () => {
    for (const [raw, field, message] of [
      [JSON.stringify({ name: 'a\u0000b' }), 'name', TEXT_MESSAGES.nul],
      [JSON.stringify({ 'k\u0000': 1, name: 'x' }), 'body', TEXT_MESSAGES.nul],
      [JSON.stringify({ name: 'x', list: [[{ v: '\u0000' }]] }), 'list.0.0.v', TEXT_MESSAGES.nul],
      // JSON escapes of a lone surrogate, as a client sends them: valid JSON, ill-formed text.
      ['{"name":"\\ud800"}', 'name', TEXT_MESSAGES.surrogate],
      ['{"name":"x","list":[{"v":"a\\udfffb"}]}', 'list.0.v', TEXT_MESSAGES.surrogate],
      ['{"name":"x","\\ud83d":1}', 'body', TEXT_MESSAGES.surrogate],
    ] as const) {
      const res = await post('/things', raw)
      expect(res.status, raw).toBe(400)
      expect((await res.json()) as Problem).toMatchObject({ code: 'VALIDATION_FAILED', detail: message, errors: [{ field, message }] })
    }
    // A pair is one character (an emoji), not a lone surrogate.
    expect((await post('/things', '{"name":"roof \\ud83c\\udfe0"}')).status).toBe(201)
    expect((await post('/things?name=%00', '{"name":"ok"}')).status).toBe(400)
    let deep: unknown = 'leaf'
    for (let i = 0; i < 40; i++) deep = { d: deep }
    const tooDeep = await post('/things', JSON.stringify({ name: 'x', deep }))
    expect(tooDeep.status).toBe(400)
    expect(((await tooDeep.json()) as Problem).detail).toBe('The request body is nested too deeply')
    let fine: unknown = 'leaf'
    for (let i = 0; i < 20; i++) fine = { d: fine }
    expect((await post('/things', JSON.stringify({ name: 'x', fine }))).status).toBe(201)
  })

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    expect((await post('/things', '{"name":')).status).toBe(400)
    expect((await post('/things', JSON.stringify({ name: 'x'.repeat(200_000) }))).status).toBe(413)
  })

  it('hides internals of unexpected errors and keeps AppError texts', async () => {
    const boom = await fetch(`${base}/boom`)
    expect(boom.status).toBe(500)
    expect(await boom.text()).not.toContain('secret internal detail')
    // The id the answer shows is the one monitoring files the error under: the trace id the
    // gateway forwarded, else the request id.
    const traced = await fetch(`${base}/boom`, { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } })
    expect(((await traced.json()) as { traceId: string }).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    expect(reported.at(-1)).toEqual({ correlationId: '4bf92f3577b34da6a3ce929d0e0e4736', endpoint: 'GET /boom' })
    const untraced = await fetch(`${base}/boom`)
    expect(reported.at(-1)?.correlationId).toBe(((await untraced.json()) as { traceId: string }).traceId)
    const before = reported.length
    expect(await (await fetch(`${base}/conflict`)).json()).toMatchObject({ status: 409, detail: 'Already there', message: 'Already there' })
    expect(reported).toHaveLength(before)
  })

  it('reports a deliberate 5xx too (a dependency down), while the answer keeps its generic text', async () => {
    const res = await fetch(`${base}/dependency-down`)
    expect(res.status).toBe(503)
    const body = (await res.json()) as Problem
    expect(body.detail).toBe('Try again shortly')
    expect(JSON.stringify(body)).not.toContain('search index')
    expect(reported.at(-1)).toEqual({ correlationId: body.traceId, endpoint: 'GET /dependency-down' })
  })

  it('answers an unknown route with 404 problem+json', async () => {
    const res = await fetch(`${base}/nope`)
    expect(res.status).toBe(404)
    expect(((await res.json()) as Problem).code).toBe('NOT_FOUND')
  })

  it('reports readiness per dependency', async () => {
    const res = await fetch(`${base}/readyz`)
    expect(res.status).toBe(503)
    expect(((await res.json()) as { checks: unknown[] }).checks[0]).toMatchObject({ component: 'always-down', status: 'unhealthy' })
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('http_requests_total')
  })
})

describe('identity verification', () => {
  const claims = { sub: 'u1', email: 'u@example.com', systemRole: 'user' as const, orgId: 'o1' }
  const unsigned = () =>
    new SignJWT({ email: 'u@example.com', systemRole: 'user' }).setSubject('u1').setIssuer(IDENTITY_ISSUER).setAudience(IDENTITY_AUDIENCE).setIssuedAt()

  it('accepts the gateway token and exposes the context', async () => {
    const res = await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: await signIdentity(claims, keyA) } })
    expect(await res.json()).toMatchObject({ userId: 'u1', orgId: 'o1', systemRole: 'user' })
  })

  it('rejects the old shared-secret forgery, other keys, algorithms, audiences and lifetimes', async () => {
    const oldDevSecret = new TextEncoder().encode('dev-only-identity-secret-change-me-0123456789')
    const publicBytes = Buffer.from(keyA.publicJwk.x!, 'base64url')
    const forged = [
      // the probe's forgery: HS256 with the former public development secret
      await unsigned().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('60s').sign(oldDevSecret),
      // algorithm confusion: the public key used as an HMAC secret, under its own key id
      await unsigned().setProtectedHeader({ alg: 'HS256', kid: keyA.kid }).setExpirationTime('60s').sign(publicBytes),
      // a key the service does not hold, claiming the trusted key id
      await signIdentity(claims, { ...keyB, kid: keyA.kid }),
      await signIdentity(claims, keyB),
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u1"}').toString('base64url')}.`,
      await unsigned().setAudience('someone-else').setProtectedHeader({ alg: 'EdDSA', kid: keyA.kid }).setExpirationTime('60s').sign(keyA.key),
      await unsigned()
        .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
        .setProtectedHeader({ alg: 'EdDSA', kid: keyA.kid })
        .setExpirationTime('1h')
        .sign(keyA.key),
    ]
    for (const token of forged) {
      await expect(verify(token)).rejects.toThrow()
      expect((await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: token } })).status).toBe(401)
    }
  })

  it('follows a rotated key set file without a restart: a new key at once, a removed key after the refresh', async () => {
    const tokenB = await signIdentity(claims, keyB)
    expect((await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: tokenB } })).status).toBe(401)
    await new Promise((r) => setTimeout(r, 1100)) // unknown key ids re-read the file at most once a second
    writeFileSync(keysFile, JSON.stringify({ keys: [keyA.publicJwk, keyB.publicJwk] }))
    expect((await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: tokenB } })).status).toBe(200)
    const tokenA = await signIdentity(claims, keyA)
    expect((await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: tokenA } })).status).toBe(200)
    writeFileSync(keysFile, JSON.stringify({ keys: [keyB.publicJwk] }))
    await new Promise((r) => setTimeout(r, REFRESH_MS * 3))
    expect((await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: tokenA } })).status).toBe(401)
    expect((await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: tokenB } })).status).toBe(200)
  })
})

describe('identity caches', () => {
  const claims = { sub: 'u2', email: 'u2@example.com', systemRole: 'user' as const, orgId: 'o2' }

  it('reuses a signed token only for identical claims and the same key', async () => {
    const a = await signIdentity(claims, keyA)
    expect(await signIdentity(claims, keyA)).toBe(a)
    expect(await signIdentity({ ...claims, orgId: 'o3' }, keyA)).not.toBe(a)
    expect(await signIdentity(claims, keyB)).not.toBe(a)
  })

  it('never lets a cached verification vouch for a token under another key set', async () => {
    const token = await signIdentity(claims, keyA)
    const mine = identityVerifier(identityKeySet({ inline: JSON.stringify({ keys: [keyA.publicJwk] }), mode: 'test' }))
    await expect(mine(token)).resolves.toMatchObject({ sub: 'u2', orgId: 'o2' })
    const other = identityVerifier(identityKeySet({ inline: JSON.stringify({ keys: [keyB.publicJwk] }), mode: 'test' }))
    await expect(other(token)).rejects.toThrow()
  })
})

describe('access log', () => {
  it('records a share token in a path only as a short hash', () => {
    const token = 'dQrGi9XtAbCdEfGhIjKlMnOpQrStUvWxYz0123456789'
    const logged = pathForLog(`/public/estimates/${token}/approve`)
    expect(logged).not.toContain(token)
    expect(logged).toMatch(/^\/public\/estimates\/#[0-9a-f]{12}\/approve$/)
    expect(pathForLog(`/public/estimates/${token}`)).toBe(logged.replace('/approve', ''))
    expect(pathForLog('/organizations/o1/estimates/e1')).toBe('/organizations/o1/estimates/e1')
  })
})
