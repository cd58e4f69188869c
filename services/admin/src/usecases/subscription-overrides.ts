import type { SubscriptionOverrideBody, SubscriptionOverrideRow } from '@plumbline/contracts'
import { inTransaction, notFound } from '@plumbline/service-kit'
import { insertAuditEntry } from '../data/audit-repo.js'
import { defaultLimits, listPlanAssignments } from '../data/limits-repo.js'
import { findOrganization, listOrganizations } from '../data/organizations-repo.js'
import { deleteOverride, findOverride, listOverrides, type OverrideFields, putOverride } from '../data/subscription-overrides-repo.js'
import { countersOfMonth } from '../data/usage-repo.js'
import type { AdminDeps } from '../deps.js'
import { effectiveLimits } from '../domain/limits.js'
import { monthOf } from '../domain/month.js'
import { announceLimitsChanged } from '../events/announce-limits-changed.js'

const FREE_PLAN_NAME = 'Free'

const overrideFieldsOf = (row: OverrideFields | null | undefined): OverrideFields | null =>
  row
    ? {
        estimatesPerMonth: row.estimatesPerMonth,
        pdfGenerationsPerMonth: row.pdfGenerationsPerMonth,
        aiGenerationsPerMonth: row.aiGenerationsPerMonth,
        note: row.note,
      }
    : null

/**
 * GET /admin/subscription-overrides: one row per known organisation with this month's usage,
 * the limits in force (override > plan > default; -1 unlimited) and the override's own fields.
 */
export async function listSubscriptionOverrides(deps: Pick<AdminDeps, 'prisma' | 'env'>, now = new Date()): Promise<SubscriptionOverrideRow[]> {
  const db = deps.prisma
  const [organizations, plans, overrides, counters] = await Promise.all([
    listOrganizations(db),
    listPlanAssignments(db),
    listOverrides(db),
    countersOfMonth(db, monthOf(now)),
  ])
  const planOf = new Map(plans.map((p) => [p.organizationId, p.plan]))
  const overrideOf = new Map(overrides.map((o) => [o.organizationId, o]))
  const used = (orgId: string, kind: 'estimates' | 'pdf' | 'ai') => counters.find((c) => c.organizationId === orgId && c.kind === kind)?.count ?? 0
  return organizations.map((org) => {
    const plan = planOf.get(org.id) ?? null
    const override = overrideOf.get(org.id) ?? null
    const limits = effectiveLimits(defaultLimits(deps.env), plan, override)
    return {
      organizationId: org.id,
      organizationName: org.name,
      currentPlan: plan?.name ?? FREE_PLAN_NAME,
      estimatesUsed: used(org.id, 'estimates'),
      estimatesLimit: limits.estimates,
      pdfUsed: used(org.id, 'pdf'),
      pdfLimit: limits.pdf,
      aiUsed: used(org.id, 'ai'),
      aiLimit: limits.ai,
      overrideEstimatesPerMonth: override?.estimatesPerMonth ?? null,
      overridePdfGenerationsPerMonth: override?.pdfGenerationsPerMonth ?? null,
      overrideAiGenerationsPerMonth: override?.aiGenerationsPerMonth ?? null,
      note: override?.note ?? null,
    }
  })
}

async function assertKnownOrganization(deps: Pick<AdminDeps, 'prisma'>, orgId: string): Promise<void> {
  if (!(await findOrganization(deps.prisma, orgId))) throw notFound('Organization')
}

/**
 * PUT /admin/subscription-overrides/:orgId: replaces the override; a field left out defers to
 * the plan again. Limits are read on every quota check and cached answers are dropped, so the
 * next request sees it.
 */
export async function setSubscriptionOverride(
  deps: Pick<AdminDeps, 'prisma' | 'bus' | 'logger'>,
  orgId: string,
  body: SubscriptionOverrideBody,
  actorId: string,
): Promise<void> {
  await assertKnownOrganization(deps, orgId)
  const fields: OverrideFields = {
    estimatesPerMonth: body.estimatesPerMonth ?? null,
    pdfGenerationsPerMonth: body.pdfGenerationsPerMonth ?? null,
    aiGenerationsPerMonth: body.aiGenerationsPerMonth ?? null,
    note: body.note ? body.note : null,
  }
  await inTransaction(deps, async (tx) => {
    const before = await findOverride(tx, orgId)
    await putOverride(tx, orgId, fields, actorId)
    await insertAuditEntry(tx, { actorId, action: 'subscription_override.set', target: orgId, before: overrideFieldsOf(before), after: fields })
  })
  await announceLimitsChanged(deps, orgId)
}

/** DELETE /admin/subscription-overrides/:orgId: the plan's limits apply again; 404 when there is none. */
export async function removeSubscriptionOverride(deps: Pick<AdminDeps, 'prisma' | 'bus' | 'logger'>, orgId: string, actorId: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const before = await findOverride(tx, orgId)
    if (!before) throw notFound('Subscription override')
    await deleteOverride(tx, orgId)
    await insertAuditEntry(tx, { actorId, action: 'subscription_override.removed', target: orgId, before: overrideFieldsOf(before), after: null })
  })
  await announceLimitsChanged(deps, orgId)
}
