import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { IDENTITY_AUDIENCE, IDENTITY_HEADER, IDENTITY_ISSUER, type Problem } from '@plumbline/contracts'
import { AppError, contextOf, createLogger, createMetrics, createServiceApp, parseBody, signIdentity, verifyIdentity } from '@plumbline/service-kit'
import express from 'express'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

const secret = 'kit-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz'
let server: Server
let base: string

beforeAll(async () => {
  const app = createServiceApp({
    name: 'kit-test',
    logger: createLogger('kit-test', 'silent'),
    metrics: createMetrics('kit-test'),
    identitySecret: secret,
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
      a.use(router)
    },
  })
  server = app.listen(0)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server?.close())

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

  it('refuses NUL characters (body keys, values, query) and bodies nested past 32 levels with 400, for every service', async () => {
    for (const raw of [
      JSON.stringify({ name: 'a\u0000b' }),
      JSON.stringify({ 'k\u0000': 1, name: 'x' }),
      JSON.stringify({ name: 'x', list: [[{ v: '\u0000' }]] }),
    ]) {
      const res = await post('/things', raw)
      expect(res.status).toBe(400)
      expect((await res.json()) as Problem).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'body', message: 'Text must not contain NUL characters' }],
      })
    }
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
    expect(await (await fetch(`${base}/conflict`)).json()).toMatchObject({ status: 409, detail: 'Already there', message: 'Already there' })
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

  it('accepts the gateway token and exposes the context', async () => {
    const res = await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: await signIdentity(claims, secret) } })
    expect(await res.json()).toMatchObject({ userId: 'u1', orgId: 'o1', systemRole: 'user' })
  })

  it('rejects tokens with another key, algorithm, audience or an expiry too far out', async () => {
    const key = new TextEncoder().encode(secret)
    const forged = [
      await signIdentity(claims, `${secret}-other`),
      await new SignJWT({ email: 'u@example.com', systemRole: 'user' })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject('u1')
        .setIssuer(IDENTITY_ISSUER)
        .setAudience(IDENTITY_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('60s')
        .sign(key),
      await new SignJWT({ email: 'u@example.com', systemRole: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u1')
        .setIssuer(IDENTITY_ISSUER)
        .setAudience('someone-else')
        .setIssuedAt()
        .setExpirationTime('60s')
        .sign(key),
      await new SignJWT({ email: 'u@example.com', systemRole: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u1')
        .setIssuer(IDENTITY_ISSUER)
        .setAudience(IDENTITY_AUDIENCE)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
        .setExpirationTime('1h')
        .sign(key),
    ]
    for (const token of forged) {
      await expect(verifyIdentity(token, secret)).rejects.toThrow()
      expect((await fetch(`${base}/me`, { headers: { [IDENTITY_HEADER]: token } })).status).toBe(401)
    }
  })
})

describe('identity caches', () => {
  const claims = { sub: 'u2', email: 'u2@example.com', systemRole: 'user' as const, orgId: 'o2' }

  it('reuses a signed token only for identical claims', async () => {
    const a = await signIdentity(claims, secret)
    expect(await signIdentity(claims, secret)).toBe(a)
    expect(await signIdentity({ ...claims, orgId: 'o3' }, secret)).not.toBe(a)
  })

  it('never lets a cached verification vouch for a token under another secret', async () => {
    const token = await signIdentity(claims, secret)
    await expect(verifyIdentity(token, secret)).resolves.toMatchObject({ sub: 'u2', orgId: 'o2' })
    await expect(verifyIdentity(token, `${secret}-rotated`)).rejects.toThrow()
  })
})
