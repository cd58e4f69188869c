import { CONTENT_SECTION_TYPES } from '@plumbline/contracts'
import { isUuid } from '@plumbline/service-kit'
import { Prisma } from '../generated/prisma/client.js'
import type { RunSql } from './db.js'
import type { IdempotencyRecord } from './idempotency.js'
import type { EstimateWithRelations } from './mappers.js'

// Creating an estimate in one round trip for its reads and one for its writes. Through Prisma the
// create was an interactive transaction of eight statements (BEGIN, the estimate, its content
// sections, links, the phase template read, phases, the outbox event, COMMIT), each a round trip
// and Prisma's own per-call cost; on a loaded 2-core machine that was most of the create's time.

export type TemplatePhase = { name: string; description: string | null; defaultPercentage: string; costCodes: string | null }
export type ProjectTypeForCreate = { projectType: { id: string; name: string; icon: string }; phases: TemplatePhase[] }

/**
 * A project type the organisation may use (system or its own) with the phases of its default
 * phase group(s) in order (group id, then sortOrder, then name, as defaultPhasesOf), in one read;
 * null when there is no such type.
 */
export async function readProjectTypeForCreate(run: RunSql, orgId: string, projectTypeId: string): Promise<ProjectTypeForCreate | null> {
  if (!isUuid(projectTypeId)) return null
  const rows = await run<
    { id: string; type_name: string; icon: string } & Partial<{ name: string; description: string | null; pct: string; cost_codes: string | null }>
  >(
    Prisma.sql`
    SELECT t.id, t.name AS type_name, t.icon, p.name, p.description, p.default_percentage::text AS pct, p.cost_codes
    FROM project_types t
    LEFT JOIN LATERAL (
      SELECT p.name, p.description, p.default_percentage, p.cost_codes, l.phase_group_id, p.sort_order
      FROM project_type_phase_groups l
      JOIN phase_groups g ON g.id = l.phase_group_id AND (g.organization_id IS NULL OR g.organization_id = ${orgId})
      JOIN phase_group_phases p ON p.phase_group_id = g.id
      WHERE l.project_type_id = t.id AND l.is_default) p ON true
    WHERE t.id = ${projectTypeId}::uuid AND (t.organization_id IS NULL OR t.organization_id = ${orgId})
    ORDER BY p.phase_group_id, p.sort_order, p.name`,
  )
  if (!rows.length) return null
  const { id, type_name, icon } = rows[0]
  const phases = rows
    .filter((r) => r.name !== undefined && r.name !== null)
    .map((r) => ({ name: r.name as string, description: r.description ?? null, defaultPercentage: r.pct as string, costCodes: r.cost_codes ?? null }))
  return { projectType: { id, name: type_name, icon }, phases }
}

export type NewEstimateRows = {
  estimate: {
    id: string
    organizationId: string
    createdBy: string
    projectTypeId: string
    projectName: string
    clientName: string
    clientEmail: string | null
    propertyAddress: string
    totalCost: string
    squareFootage: number | null
    status: string
    specialFeatures: string | null
    meetingTranscript: string | null
    aiSummary: string | null
    createdAt: Date
  }
  phases: (TemplatePhase & { amount: string })[]
  /** The outbox row (DESIGN §4): written by the same statement, so it exists exactly when the estimate does. */
  outbox: { id: string; subject: string; payload: string; headers: string }
  /** The Idempotency-Key record with the answer, when the request carried a key. */
  idempotency?: IdempotencyRecord
}

/**
 * The estimate, its five empty content sections and their links (visible everywhere, not
 * customised), its phases, the outbox event and the idempotency record as one statement of
 * data-modifying CTEs: one round trip, atomic on its own (all rows or none), foreign keys checked
 * at its end when the estimate row is there. A concurrent request with the same Idempotency-Key
 * fails it on the key's primary key (23505) and nothing is written.
 */
export function insertEstimateStatement(rows: NewEstimateRows): Prisma.Sql {
  const e = rows.estimate
  const org = e.organizationId
  const at = e.createdAt
  const types = [...CONTENT_SECTION_TYPES]
  const writes: Prisma.Sql[] = [
    Prisma.sql`new_estimate AS (
      INSERT INTO estimates (id, organization_id, created_by, project_type_id, project_name, client_name, client_email, property_address,
                             total_cost, square_footage, status, special_features, meeting_transcript, ai_summary, created_at, updated_at)
      VALUES (${e.id}::uuid, ${org}, ${e.createdBy}, ${e.projectTypeId}::uuid, ${e.projectName}, ${e.clientName}, ${e.clientEmail}, ${e.propertyAddress},
              ${e.totalCost}::numeric, ${e.squareFootage}::int, ${e.status}, ${e.specialFeatures}, ${e.meetingTranscript}, ${e.aiSummary}, ${at}::timestamptz, ${at}::timestamptz))`,
    Prisma.sql`new_content_sections AS (
      INSERT INTO content_sections (id, estimate_id, organization_id, type, content, updated_at)
      SELECT gen_random_uuid(), ${e.id}::uuid, ${org}, t, NULL, ${at}::timestamptz FROM unnest(${types}::text[]) t)`,
    Prisma.sql`new_content_links AS (
      INSERT INTO content_links (id, estimate_id, organization_id, role, created_at, updated_at)
      SELECT gen_random_uuid(), ${e.id}::uuid, ${org}, t, ${at}::timestamptz, ${at}::timestamptz FROM unnest(${types}::text[]) t)`,
    Prisma.sql`new_outbox_event AS (
      INSERT INTO outbox_events (id, subject, payload, headers)
      VALUES (${rows.outbox.id}::uuid, ${rows.outbox.subject}, ${rows.outbox.payload}::jsonb, ${rows.outbox.headers}::jsonb))`,
  ]
  if (rows.phases.length) {
    const p = rows.phases
    writes.push(Prisma.sql`new_phases AS (
      INSERT INTO estimate_phases (id, estimate_id, organization_id, name, description, sort_order, percentage, amount, estimated_cost, cost_codes, created_at, updated_at)
      SELECT gen_random_uuid(), ${e.id}::uuid, ${org}, p.name, p.description, p.ord - 1, p.pct, p.amount, p.amount, p.cost_codes, ${at}::timestamptz, ${at}::timestamptz
      FROM unnest(${p.map((x) => x.name)}::text[], ${p.map((x) => x.description)}::text[], ${p.map((x) => x.defaultPercentage)}::numeric[],
                  ${p.map((x) => x.amount)}::numeric[], ${p.map((x) => x.costCodes)}::text[]) WITH ORDINALITY AS p(name, description, pct, amount, cost_codes, ord))`)
  }
  const k = rows.idempotency
  if (k) {
    writes.push(Prisma.sql`new_idempotency_key AS (
      INSERT INTO idempotency_keys (organization_id, key, scope, request_hash, status_code, response, created_at)
      VALUES (${org}, ${k.key}, ${k.scope}, ${k.requestHash}, ${k.statusCode}::int, ${k.response}::jsonb, ${at}::timestamptz))`)
  }
  return Prisma.sql`WITH ${Prisma.join(writes, ', ')} SELECT 1 AS written`
}

/**
 * A new estimate as read back with its relations, without reading it: its project type (just
 * read), empty content sections, no share link, no approval.
 */
export function newEstimateWithRelations(row: NewEstimateRows['estimate'], projectType: ProjectTypeForCreate['projectType']): EstimateWithRelations {
  return {
    ...row,
    totalCost: new Prisma.Decimal(row.totalCost),
    searchText: null,
    propertyData: null,
    viewedAt: null,
    lockedAt: null,
    reopenedAt: null,
    reopenedBy: null,
    deletedAt: null,
    updatedAt: row.createdAt,
    projectType,
    contentSections: CONTENT_SECTION_TYPES.map((t) => ({ type: t, content: null })),
    shareLink: null,
    approvals: [],
  }
}
