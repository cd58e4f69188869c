import type { OrgRouteSpec } from '@plumbline/testing'
import type { AiTestService } from './ai-test-service.js'
import { roofDocument } from './fixtures.js'

/**
 * Every org-scoped route of the ai service with a body valid enough to reach the object lookup.
 * `:id` is the victim organisation's estimate, `:jobId` its job (see createVictim).
 */
export const ORG_ROUTES: OrgRouteSpec[] = [
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/generate-all-content' },
  { method: 'GET', path: '/organizations/:orgId/jobs/:jobId/status' },
  { method: 'POST', path: '/organizations/:orgId/jobs/:jobId/cancel' },
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/generate-content/scope_of_work' },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/content-sections/timeline/chat' },
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/content-sections/timeline/chat', body: { message: 'make it shorter' } },
]

/** Routes outside /organizations: the organisation is named in the query or the body. */
export const AI_ROUTES: OrgRouteSpec[] = [
  { method: 'GET', path: '/ai/provider?organizationId=:orgId' },
  { method: 'POST', path: '/ai/generate-content', body: { organizationId: ':orgId', prompt: 'Write a proposal' } },
]

export const ALL_ROUTES = [...ORG_ROUTES, ...AI_ROUTES]

/** One organisation's estimate (served by the stand-in), a queued job and a chat exchange. */
export async function createVictim(svc: AiTestService, orgId: string): Promise<Record<string, string>> {
  const doc = svc.standIns.addDocument(orgId, roofDocument())
  const api = svc.as(orgId)
  const jobId = crypto.randomUUID()
  // Queued with no message: it stays queued, so a cancel by someone else would be visible.
  await svc.deps.prisma.aiJob.create({ data: { id: jobId, organizationId: orgId, estimateId: doc.estimate.id, createdBy: 'victim', input: {} } })
  const chat = await api('POST', `/estimates/${doc.estimate.id}/content-sections/timeline/chat`, { message: 'mention the warranty' })
  if (chat.status !== 201) throw new Error(`victim chat failed: ${chat.status} ${chat.text}`)
  return { orgId, id: doc.estimate.id, jobId }
}

/** Replaces ':param' strings inside a body with the params' values. */
export function fillBody(body: unknown, params: Record<string, string>): unknown {
  if (typeof body === 'string') return body.startsWith(':') && params[body.slice(1)] ? params[body.slice(1)] : body
  if (Array.isArray(body)) return body.map((b) => fillBody(b, params))
  if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fillBody(v, params)]))
  return body
}
