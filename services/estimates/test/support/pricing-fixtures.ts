import {
  COMPANY_SETTINGS_DEFAULTS,
  type CompanySettings,
  type IdentityClaims,
  RequestSubjects,
  type SessionIdentity,
  SYSTEM_ROLE_PERMISSIONS,
} from '@plumbline/contracts'
import { reply } from '@plumbline/messaging'
import { type Api, type ApiResponse, identityHeaders, signedRequest } from '@plumbline/testing'
import type { Clock } from '../../src/deps.js'
import { createEstimate, type EstimatesTestService, startEstimatesTestService } from './estimates-test-service.js'

// Helpers of the pricing, sharing, public page and approval tests: the estimates service with
// stand-ins for the two services it asks over request/reply (admin: company settings; auth:
// who is this user), whose answers each test sets per organisation or user.

export type PricingTestService = EstimatesTestService & {
  /** Company settings the admin stand-in answers for an organisation (defaults otherwise). */
  settings: Map<string, Partial<CompanySettings>>
  /** Organisations the auth stand-in reports for a user id (ids starting with auth-down make it fail). */
  memberships: Map<string, string[]>
  /** Organisations whose company settings request is never answered (times out). */
  silentOrgs: Set<string>
  /** A request to the public endpoints, anonymous or as the given signed-in user (no org in the token, as the gateway sends). */
  publicCall: (
    method: string,
    token: string,
    suffix?: string,
    body?: unknown,
    opts?: { userId?: string; headers?: Record<string, string> },
  ) => Promise<ApiResponse>
}

export async function startPricingService(env: Partial<Record<string, string>> = {}, opts: { clock?: Clock } = {}): Promise<PricingTestService> {
  const svc = await startEstimatesTestService(env, opts)
  const settings = new Map<string, Partial<CompanySettings>>()
  const memberships = new Map<string, string[]>()
  const silentOrgs = new Set<string>()
  const settingsReplier = reply(svc.deps.bus, RequestSubjects.companySettings, async (data: unknown) => {
    const orgId = (data as { orgId: string }).orgId
    if (silentOrgs.has(orgId)) await new Promise((r) => setTimeout(r, 5000))
    return { ...COMPANY_SETTINGS_DEFAULTS, ...settings.get(orgId) }
  })
  const identityReplier = reply(svc.deps.bus, RequestSubjects.resolveIdentity, async (data: unknown): Promise<SessionIdentity | null> => {
    const userId = (data as { userId: string }).userId
    if (userId.startsWith('auth-down')) throw new Error('auth service failure (simulated)')
    const orgs = memberships.get(userId)
    if (!orgs) return null
    return {
      userId,
      email: `${userId}@example.com`,
      systemRole: 'user',
      memberships: orgs.map((orgId) => ({ orgId, orgName: orgId, role: 'Owner', permissions: SYSTEM_ROLE_PERMISSIONS.Owner })),
    }
  })
  const publicCall: PricingTestService['publicCall'] = async (method, token, suffix = '', body, opts = {}) => {
    const claims: IdentityClaims | null = opts.userId ? { sub: opts.userId, email: `${opts.userId}@example.com`, systemRole: 'user' } : null
    return signedRequest(svc.base, claims, method, `/public/estimates/${encodeURIComponent(token)}${suffix}`, body, opts.headers)
  }
  return {
    ...svc,
    settings,
    memberships,
    silentOrgs,
    publicCall,
    close: async () => {
      await settingsReplier.stop()
      await identityReplier.stop()
      await svc.close()
    },
  }
}

export type LineItemSpec = {
  name: string
  quantity: string
  unitCost: string
  isLabor?: boolean
  isMaterial?: boolean
  isEquipment?: boolean
  isSubcontractor?: boolean
  applyMarkup?: boolean
  applyTax?: boolean
}

/** Adds a section with line items through core's API; answers the section id. */
export async function addSection(api: Api, estimateId: string, name: string, items: LineItemSpec[]): Promise<string> {
  const section = await api('POST', `/estimates/${estimateId}/sections`, { name })
  if (section.status !== 201) throw new Error(`section: ${section.status} ${section.text}`)
  for (const item of items) {
    const res = await api('POST', `/sections/${section.body.id}/line-items`, { isMaterial: false, ...item })
    if (res.status !== 201) throw new Error(`line item: ${res.status} ${res.text}`)
  }
  return section.body.id
}

export async function createProfile(api: Api, kind: 'markup-profiles' | 'taxes', body: Record<string, unknown>) {
  const res = await api('POST', `/${kind}`, body)
  if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${res.text}`)
  return res.body
}

/** An estimate (created through core's API) with a live share link; answers both. */
export async function sharedEstimate(api: Api, overrides: Record<string, unknown> = {}) {
  const estimate = await createEstimate(api, overrides)
  const share = await api('POST', `/estimates/${estimate.id}/share`)
  if (share.status !== 201) throw new Error(`share: ${share.status} ${share.text}`)
  return { estimate, token: share.body.shareToken as string, shareUrl: share.body.shareUrl as string }
}

/** Outbox subjects recorded for one estimate, oldest first. */
export async function outboxSubjects(svc: EstimatesTestService, estimateId: string): Promise<string[]> {
  const rows = await svc.deps.prisma.outboxEvent.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows.filter((e) => (e.payload as { data?: { estimateId?: string } }).data?.estimateId === estimateId).map((e) => e.subject)
}

export const signedInHeaders = (userId: string) => identityHeaders({ sub: userId, email: `${userId}@example.com`, systemRole: 'user' })
