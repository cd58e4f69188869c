import { ErrorCode } from '@plumbline/contracts'
import { AppError, notFound, type OrgContext } from '@plumbline/service-kit'
import { inTransaction, type Tx } from '../data/db.js'
import { type IdempotencyRequest, runIdempotent } from '../data/idempotency.js'
import {
  clearOtherDefaults,
  deleteProfileRow,
  findProfileRow,
  insertProfileRow,
  isUsedByLockedEstimate,
  listProfileRows,
  profileFields,
  updateProfileRow,
} from '../data/pricing-profiles-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { PROFILE_LABEL, type ProfileInputOf, type ProfileKind, type ProfileOf, toProfile } from '../domain/pricing-profile-kind.js'
import { assertEstimateOfOrg, assertProfileId, assertSameOrganization } from './markup-and-tax-access.js'

// Markup profiles (…/markup-profiles) and tax profiles (…/taxes): one module, parameterised by kind.

/**
 * GET: the organisation's profiles of `kind`, the default first. With estimateId: the templates
 * plus that estimate's own profiles.
 */
export async function listProfiles<K extends ProfileKind>(
  deps: EstimatesDeps,
  ctx: OrgContext,
  kind: K,
  query: { estimateId?: string },
): Promise<ProfileOf<K>[]> {
  await assertEstimateOfOrg(deps.prisma, ctx.orgId, query.estimateId)
  const rows = await listProfileRows(deps.prisma, ctx.orgId, kind, query.estimateId)
  return rows.map((row) => toProfile(kind, row))
}

/**
 * POST. New profiles are templates unless made for one estimate (spec 001 §3: estimateId is null
 * when a template); isDefault false unless asked, and at most one default per kind. Tax defaults
 * (spec 001 §9, from the contract): type sales, applying to materials and equipment. An
 * Idempotency-Key replays the first answer.
 */
export async function createProfile<K extends ProfileKind>(
  deps: EstimatesDeps,
  ctx: OrgContext,
  kind: K,
  input: ProfileInputOf<K>,
  idempotency?: IdempotencyRequest,
): Promise<{ profile: ProfileOf<K>; replayed: boolean }> {
  assertSameOrganization(ctx, input.organizationId)
  const result = await runIdempotent(deps.prisma, idempotency, {
    run: async (tx) => {
      await assertEstimateOfOrg(tx, ctx.orgId, input.estimateId)
      if (input.isDefault) await clearOtherDefaults(tx, ctx.orgId, kind)
      const row = await insertProfileRow(tx, ctx.orgId, kind, {
        ...profileFields(kind, input),
        estimateId: input.estimateId ?? null,
        isTemplate: input.estimateId ? false : input.isTemplate,
        createdBy: ctx.userId,
      })
      return { status: 201, body: toProfile(kind, row) }
    },
  })
  return { profile: result.body as ProfileOf<K>, replayed: result.replayed }
}

/** PUT …/{id}: replaces the profile's fields. The estimate a profile belongs to does not change (create another profile for another estimate). */
export async function updateProfile<K extends ProfileKind>(
  deps: EstimatesDeps,
  ctx: OrgContext,
  kind: K,
  id: string,
  input: ProfileInputOf<K>,
): Promise<ProfileOf<K>> {
  assertSameOrganization(ctx, input.organizationId)
  assertProfileId(id, kind)
  return inTransaction(deps, async (tx) => {
    const existing = await findProfileRow(tx, ctx.orgId, kind, id)
    if (!existing) throw notFound(PROFILE_LABEL[kind])
    await assertNotUsedByLockedEstimate(tx, ctx.orgId, kind, id)
    if (input.isDefault) await clearOtherDefaults(tx, ctx.orgId, kind, id)
    const row = await updateProfileRow(tx, ctx.orgId, kind, id, { ...profileFields(kind, input), isTemplate: existing.estimateId ? false : input.isTemplate })
    return toProfile(kind, row)
  })
}

/** DELETE …/{id}; estimates that used it fall back to no markup, or stop being taxed by it. */
export async function deleteProfile(deps: EstimatesDeps, ctx: OrgContext, kind: ProfileKind, id: string): Promise<void> {
  assertProfileId(id, kind)
  await inTransaction(deps, async (tx) => {
    if (!(await findProfileRow(tx, ctx.orgId, kind, id))) throw notFound(PROFILE_LABEL[kind])
    await assertNotUsedByLockedEstimate(tx, ctx.orgId, kind, id)
    await deleteProfileRow(tx, ctx.orgId, kind, id)
  })
}

/**
 * Changing or deleting a profile that an approved (locked) estimate uses would change what the
 * client approved after the fact: refused until the contractor reopens that estimate.
 */
async function assertNotUsedByLockedEstimate(tx: Tx, orgId: string, kind: ProfileKind, profileId: string): Promise<void> {
  if (await isUsedByLockedEstimate(tx, orgId, kind, profileId))
    throw new AppError(409, ErrorCode.CONFLICT, `This ${kind} profile is used by an estimate the client approved. Reopen that estimate before changing it.`)
}
