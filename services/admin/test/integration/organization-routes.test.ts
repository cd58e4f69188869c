import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identityHeaders, startTestService, type TestService } from '@plumbline/testing'
import { adminRoutes } from '../../src/app.js'
import { ZAdminEnv } from '../../src/env.js'
import { PrismaClient } from '../../src/generated/prisma/client.js'

let svc: TestService<PrismaClient>
let server: Server
let base: string
const member = { sub: 'user-1', email: 'a@example.com', systemRole: 'user' as const, orgId: 'org-1', orgRole: 'Owner', permissions: {} }

beforeAll(async () => {
  svc = await startTestService({ name: 'admin', schema: 'admin', PrismaClient, envSchema: ZAdminEnv, env: { DEFAULT_AI_LIMIT: '-1' }, routes: (deps) => adminRoutes(deps) })
  server = svc.app.listen(0)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server?.close()
  await svc?.close()
})

describe('GET /organizations/:orgId/usage', () => {
  it('answers the usage shape of the spec for a member', async () => {
    const res = await fetch(`${base}/organizations/org-1/usage`, { headers: await identityHeaders(member) })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      estimatesUsedThisMonth: 0, estimatesLimit: 50, pdfGenerationsThisMonth: 0, pdfLimit: 100, aiGenerationsThisMonth: 0, aiLimit: -1,
    })
  })

  it('answers 404 for another organisation and 401 without identity', async () => {
    expect((await fetch(`${base}/organizations/org-2/usage`, { headers: await identityHeaders(member) })).status).toBe(404)
    expect((await fetch(`${base}/organizations/org-1/usage`)).status).toBe(401)
  })
})

describe('GET /dashboard/metrics', () => {
  it('needs the organisation in the query and answers the two totals', async () => {
    const headers = await identityHeaders(member)
    const missing = await fetch(`${base}/dashboard/metrics`, { headers })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { errors: { field: string }[] }).errors[0].field).toBe('organizationId')
    const ok = await fetch(`${base}/dashboard/metrics?organizationId=org-1`, { headers })
    expect(await ok.json()).toEqual({ totalEstimates: 0, totalMeetings: 0 })
    expect((await fetch(`${base}/dashboard/metrics?organizationId=org-2`, { headers })).status).toBe(404)
  })
})
