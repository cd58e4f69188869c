import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PermissionSet } from '@plumbline/contracts'
import { type Api, claimsFor, signedRequest, startTestService, type TestService, uniqueId } from '@plumbline/testing'
import { estimatesRoutes } from '../../src/app.js'
import { buildDeps, type Clock, type EstimatesDeps } from '../../src/deps.js'
import { type EstimatesEnv, ZEstimatesEnv } from '../../src/env.js'
import { PrismaClient } from '../../src/generated/prisma/client.js'
import { seedSystemCatalog, systemProjectTypeId, systemTemplateId } from '../../src/seed/seed-system-catalog.js'

export type EstimatesTestService = TestService<PrismaClient> & {
  deps: EstimatesDeps
  base: string
  server: Server
  /** Requests as a member of `orgId` (Owner permissions unless given). Paths are relative to /organizations/{orgId}. */
  as: (orgId: string, opts?: { permissions?: PermissionSet; userId?: string }) => Api
}

export const ROOFING = systemProjectTypeId('roofing')
export const REMODELING = systemProjectTypeId('remodeling')
export const ROOFING_TEMPLATE = systemTemplateId('roofing')

export async function startEstimatesTestService(env: Partial<Record<string, string>> = {}, opts: { clock?: Clock } = {}): Promise<EstimatesTestService> {
  const svc = await startTestService<PrismaClient, EstimatesEnv>({
    name: 'estimates',
    schema: 'estimates',
    PrismaClient,
    envSchema: ZEstimatesEnv,
    env,
    bodyLimit: '1mb',
    routes: (deps) => estimatesRoutes(buildDeps(deps, deps.env, opts.clock)),
  })
  const deps = buildDeps(svc.deps, svc.deps.env, opts.clock)
  await seedSystemCatalog(deps.prisma)
  const server = svc.app.listen(0)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    ...svc,
    deps,
    base,
    server,
    as: (orgId, opts) => (method, path, body, headers) => signedRequest(base, claimsFor(orgId, opts), method, `/organizations/${orgId}${path}`, body, headers),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await svc.close()
    },
  }
}

export const newOrgId = () => uniqueId('org-')

export const estimatePayload = (overrides: Record<string, unknown> = {}) => ({
  projectTypeId: ROOFING,
  projectName: 'Smith Roof Replacement',
  clientName: 'Jane Smith',
  clientEmail: 'jane@example.com',
  propertyAddress: '12 Elm Street, Springfield, IL 62701',
  totalCost: '10000.00',
  squareFootage: 1800,
  ...overrides,
})

/** Creates an estimate through the API and returns its body. */
export async function createEstimate(api: Api, overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '/estimates', estimatePayload(overrides))
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  return res.body
}
