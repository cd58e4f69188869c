import { COMPANY_SETTINGS_DEFAULTS } from '@plumbline/contracts'
import type { OrgRouteSpec } from '@plumbline/testing'
import { inTransaction } from '../../src/data/db.js'
import { readEstimateForPublic } from '../../src/data/estimates-repo.js'
import { buildPublicEstimate } from '../../src/usecases/build-public-estimate.js'
import { freezeRevision, revisionSnapshotOf } from '../../src/usecases/revisions.js'
import { type EstimatesTestService, estimatePayload, ROOFING, ROOFING_TEMPLATE } from './estimates-test-service.js'
import { pricingMatrix } from './pricing-matrix-routes.js'

/**
 * Every org-scoped route of the estimates service, with a body valid enough to reach the
 * object lookup. `:id` estimate, `:sectionId`, `:itemId`, `:linkId`, `:templateId`, `:phaseId`,
 * `:typeId`, `:groupId`, `:groupPhaseId` (a phase of a phase group), `:revisionId` are filled with the victim organisation's objects (see createVictim). Pricing's routes come
 * from pricing-matrix-routes.ts (that file is theirs).
 */
export const CORE_ROUTES: OrgRouteSpec[] = [
  { method: 'GET', path: '/organizations/:orgId/project-types' },
  { method: 'GET', path: '/organizations/:orgId/templates' },
  { method: 'POST', path: '/organizations/:orgId/templates', body: { name: 'T', category: 'roofing', sections: [] } },
  { method: 'PUT', path: '/organizations/:orgId/templates/:templateId', body: { name: 'T', category: 'roofing', sections: [] } },
  { method: 'DELETE', path: '/organizations/:orgId/templates/:templateId' },
  { method: 'POST', path: '/organizations/:orgId/project-types', body: { name: 'Hijacked' } },
  { method: 'PUT', path: '/organizations/:orgId/project-types/:typeId', body: { name: 'Hijacked' } },
  { method: 'DELETE', path: '/organizations/:orgId/project-types/:typeId' },
  { method: 'POST', path: '/organizations/:orgId/project-types/:typeId/phase-groups/:groupId/link', body: { isDefault: false } },
  { method: 'DELETE', path: '/organizations/:orgId/project-types/:typeId/phase-groups/:groupId/link' },
  { method: 'GET', path: '/organizations/:orgId/phase-groups' },
  { method: 'POST', path: '/organizations/:orgId/phase-groups', body: { name: 'Hijacked' } },
  { method: 'PUT', path: '/organizations/:orgId/phase-groups/:groupId', body: { name: 'Hijacked' } },
  { method: 'DELETE', path: '/organizations/:orgId/phase-groups/:groupId' },
  { method: 'GET', path: '/organizations/:orgId/phase-groups/:groupId/phases' },
  { method: 'POST', path: '/organizations/:orgId/phase-groups/:groupId/phases', body: { name: 'Hijacked', defaultPercentage: 1 } },
  { method: 'PUT', path: '/organizations/:orgId/phases/:groupPhaseId', body: { name: 'Hijacked', defaultPercentage: 1 } },
  { method: 'DELETE', path: '/organizations/:orgId/phases/:groupPhaseId' },
  { method: 'GET', path: '/organizations/:orgId/estimates' },
  { method: 'GET', path: '/organizations/:orgId/estimates?search=victim&status=draft' },
  { method: 'POST', path: '/organizations/:orgId/estimates', body: estimatePayload() },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id' },
  { method: 'PUT', path: '/organizations/:orgId/estimates/:id', body: estimatePayload({ projectName: 'Hijacked' }) },
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/clone' },
  { method: 'DELETE', path: '/organizations/:orgId/estimates/:id' },
  { method: 'PATCH', path: '/organizations/:orgId/estimates/:id/status', body: { status: 'approved' } },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/phases' },
  {
    method: 'PATCH',
    path: '/organizations/:orgId/estimates/:id/phases/budget',
    body: { phases: [{ id: ':phaseId', percentage: '100', amount: '1', isEnabled: true }] },
  },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/content-links' },
  { method: 'PATCH', path: '/organizations/:orgId/estimates/:id/content/scope_of_work', body: { content: 'Hijacked' } },
  {
    method: 'PATCH',
    path: '/organizations/:orgId/estimates/:id/content-links/:linkId/visibility',
    body: { showToClient: false, includeInPdf: false, includeInWebLink: false },
  },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/sections' },
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/sections', body: { name: 'Hijacked' } },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/sections/export.csv' },
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/sections/import-csv', body: { csv: 'Section,Item,Qty,Unit Cost\nA,B,1,1\n' } },
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/apply-template', body: { templateId: ROOFING_TEMPLATE } },
  { method: 'PUT', path: '/organizations/:orgId/sections/:sectionId', body: { name: 'Hijacked' } },
  { method: 'DELETE', path: '/organizations/:orgId/sections/:sectionId' },
  { method: 'POST', path: '/organizations/:orgId/sections/:sectionId/line-items', body: { name: 'Hijacked', quantity: 1, unitCost: 1 } },
  { method: 'PATCH', path: '/organizations/:orgId/sections/:sectionId/line-items/reorder', body: { itemIds: [':itemId'] } },
  { method: 'PUT', path: '/organizations/:orgId/line-items/:itemId', body: { name: 'Hijacked', quantity: 1, unitCost: 1 } },
  { method: 'DELETE', path: '/organizations/:orgId/line-items/:itemId' },
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/send', body: { to: ['attacker@example.com'], message: 'Hijacked' } },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/timeline' },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/approval' },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/comments' },
  { method: 'POST', path: '/organizations/:orgId/estimates/:id/comments', body: { body: 'Hijacked' } },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/revisions' },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/revisions/diff?from=:revisionId&to=:revisionId' },
  { method: 'GET', path: '/organizations/:orgId/estimates/:id/share' },
  { method: 'PATCH', path: '/organizations/:orgId/estimates/:id/share', body: { passcode: 'hijacked', expiresAt: null } },
]

export const ALL_ROUTES: OrgRouteSpec[] = [...CORE_ROUTES, ...pricingMatrix.routes]

/** Objects of one organisation, named as the route templates' params. */
export async function createVictim(svc: EstimatesTestService, orgId: string): Promise<Record<string, string>> {
  const api = svc.as(orgId)
  const e = (await api('POST', '/estimates', estimatePayload({ projectName: 'Victim job', projectTypeId: ROOFING }))).body
  const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Victim section' })).body
  const item = (await api('POST', `/sections/${section.id}/line-items`, { name: 'Victim item', quantity: 1, unitCost: 1 })).body
  const link = (await api('GET', `/estimates/${e.id}/content-links`)).body[0]
  const phase = (await api('GET', `/estimates/${e.id}/phases`)).body[0]
  const template = (await api('POST', '/templates', { name: 'Victim template', category: 'roofing', sections: [{ name: 'S', lineItems: [{ name: 'I' }] }] }))
    .body
  const type = (await api('POST', '/project-types', { name: 'Victim type' })).body
  const group = (await api('POST', '/phase-groups', { name: 'Victim group' })).body
  const groupPhase = (await api('POST', `/phase-groups/${group.id}/phases`, { name: 'Victim phase', defaultPercentage: 100 })).body
  await api('POST', `/project-types/${type.id}/phase-groups/${group.id}/link`, { isDefault: true })
  const revision = await freezeVictimRevision(svc, orgId, e.id)
  const base = {
    orgId,
    id: e.id,
    sectionId: section.id,
    itemId: item.id,
    linkId: link.id,
    phaseId: phase.id,
    templateId: template.id,
    typeId: type.id,
    groupId: group.id,
    groupPhaseId: groupPhase.id,
    revisionId: revision.id,
  }
  return { ...base, ...(await pricingMatrix.createVictim?.(svc, orgId, base)) }
}

/** A revision of the estimate as a send freezes one (without sending: the matrix makes many victims, past the hourly send limit). */
function freezeVictimRevision(svc: EstimatesTestService, orgId: string, estimateId: string) {
  return inTransaction(svc.deps, async (tx) => {
    const snapshot = await buildPublicEstimate(tx, await readEstimateForPublic(tx, orgId, estimateId), COMPANY_SETTINGS_DEFAULTS)
    return freezeRevision(tx, orgId, estimateId, revisionSnapshotOf(snapshot), { reason: 'sent', actorId: 'victim', actorEmail: null, at: new Date() })
  })
}

/** Replaces ':param' strings inside a body with the params' values (ids in bodies). */
export function fillBody(body: unknown, params: Record<string, string>): unknown {
  if (typeof body === 'string') return body.startsWith(':') && params[body.slice(1)] ? params[body.slice(1)] : body
  if (Array.isArray(body)) return body.map((b) => fillBody(b, params))
  if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fillBody(v, params)]))
  return body
}
