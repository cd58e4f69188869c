import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type CompanySettings, type EstimateDocument, type PermissionSet, type QuotaCheckReply, RequestSubjects } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import { type ApiResponse, claimsFor, signedRequest, startTestService, type TestService, uniqueId } from '@plumbline/testing'
import { documentsRoutes } from '../../src/app.js'
import { startEstimatePdfResponder } from '../../src/consumers/estimate-pdf-responder.js'
import { startLogoUrlResponder } from '../../src/consumers/logo-url-responder.js'
import { buildDeps, type DocumentsDeps, type LogoFetchSettings } from '../../src/deps.js'
import { type DocumentsEnv, ZDocumentsEnv } from '../../src/env.js'
import { PrismaClient } from '../../src/generated/prisma/client.js'
import { makeSettings } from './fixtures.js'

/**
 * Stand-ins for the other services this one asks over NATS (estimates' document responder,
 * admin's settings, quota and logo-field responders): real NATS replies with fixture answers,
 * so the service's own code runs unchanged.
 */
export type StandIns = {
  documents: Map<string, EstimateDocument> // key `${orgId}/${estimateId}`
  settings: Map<string, CompanySettings>
  quota: Map<string, QuotaCheckReply>
  logoCalls: { orgId: string; logo: unknown }[]
  logoReplyOk: boolean
}

export type DocumentsTestService = TestService<PrismaClient> & {
  deps: DocumentsDeps
  base: string
  server: Server
  standIns: StandIns
  /** Requests as a member of `orgId`. */
  as: (
    orgId: string,
    opts?: { permissions?: PermissionSet; userId?: string },
  ) => (method: string, path: string, init?: { body?: RequestInit['body']; headers?: Record<string, string> }) => Promise<ApiResponse>
}

export const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } })

export async function startDocumentsTestService(opts: { env?: Record<string, string>; logoFetch?: LogoFetchSettings } = {}): Promise<DocumentsTestService> {
  const svc = await startTestService<PrismaClient, DocumentsEnv>({
    name: 'documents',
    schema: 'documents',
    PrismaClient,
    envSchema: ZDocumentsEnv,
    env: opts.env,
    routes: (deps) => documentsRoutes(buildDeps(deps, deps.env, { logoFetch: opts.logoFetch })),
  })
  const deps = buildDeps(svc.deps, svc.deps.env, { logoFetch: opts.logoFetch })
  const standIns: StandIns = { documents: new Map(), settings: new Map(), quota: new Map(), logoCalls: [], logoReplyOk: true }
  const repliers: Replier[] = [
    reply(deps.bus, RequestSubjects.estimateDocument, async (req: { orgId: string; estimateId: string }) => {
      const document = standIns.documents.get(`${req.orgId}/${req.estimateId}`)
      return document ? { found: true, document } : { found: false }
    }),
    reply(deps.bus, RequestSubjects.companySettings, async (req: { orgId: string }) => standIns.settings.get(req.orgId) ?? makeSettings()),
    reply(deps.bus, RequestSubjects.quotaCheck, async (req: { orgId: string }) => standIns.quota.get(req.orgId) ?? { allowed: true, used: 0, limit: 100 }),
    reply(deps.bus, RequestSubjects.setCompanyLogo, async (req: { orgId: string; logo: unknown }) => {
      standIns.logoCalls.push(req)
      return { ok: standIns.logoReplyOk }
    }),
    startLogoUrlResponder(deps),
    startEstimatePdfResponder(deps),
  ]
  await deps.bus.nc.flush()
  const server = svc.app.listen(0)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    ...svc,
    deps,
    base,
    server,
    standIns,
    as:
      (orgId, o) =>
      (method, path, init = {}) =>
        signedRequest(base, claimsFor(orgId, o), method, path, init.body, init.headers),
    close: async () => {
      for (const r of repliers) await r.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await svc.close()
    },
  }
}

export const newOrgId = () => uniqueId('org-')
export const newEstimateId = () => crypto.randomUUID()

/** A multipart body with one file field. */
export function logoForm(bytes: Buffer, fileName: string, type = 'application/octet-stream', field = 'logo'): FormData {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName)
  return form
}
