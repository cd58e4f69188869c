import { randomUUID } from 'node:crypto'
import { centsOf, centsText, type Estimate, moneyText, Subjects, splitByPercentages, type ZEstimatePayload } from '@plumbline/contracts'
import { createEnvelope, traceHeaders } from '@plumbline/messaging'
import { badRequest, checkQuota, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { insertEstimateStatement, newEstimateWithRelations, type ProjectTypeForCreate, readProjectTypeForCreate } from '../data/create-estimate-rows.js'
import { type IdempotencyRequest, runIdempotentStatement } from '../data/idempotency.js'
import { toEstimateDto } from '../data/mappers.js'
import type { EstimatesDeps } from '../deps.js'
import type { EstimateEventData } from '../events/record-event.js'

export type EstimateInput = z.output<typeof ZEstimatePayload>

const emptyToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v)

export const estimateColumns = (input: EstimateInput) => ({
  projectTypeId: input.projectTypeId,
  projectName: input.projectName,
  clientName: input.clientName,
  clientEmail: emptyToNull(input.clientEmail),
  propertyAddress: input.propertyAddress,
  totalCost: input.totalCost,
  squareFootage: input.squareFootage ?? null,
  specialFeatures: emptyToNull(input.specialFeatures),
  meetingTranscript: emptyToNull(input.meetingTranscript),
  aiSummary: emptyToNull(input.aiSummary),
})

/**
 * Creates an estimate with its five (empty) content sections, their content links (visible
 * everywhere, not customised) and the phases of its project type's default phase group, whose
 * amounts split the total cost by the phases' default percentages. Quota first (admin service),
 * the created event in the same transaction, and an Idempotency-Key honoured.
 *
 * Two round trips to the database: the project type with its phase template (read alongside the
 * quota question), then every row, the outbox event and the Idempotency-Key record in one
 * statement (insertEstimateStatement). The answer is known before the write (the id is made
 * here, the relations are the ones just read), so it is stored with the rows, not read back.
 */
export async function createEstimate(
  deps: EstimatesDeps,
  ctx: OrgContext,
  input: EstimateInput,
  idempotency?: IdempotencyRequest,
): Promise<{ status: number; body: Estimate; replayed: boolean }> {
  let template: ProjectTypeForCreate | undefined
  const result = await runIdempotentStatement(deps.prisma, deps.queryRows, idempotency, {
    // Asked alongside the project type; a bad project type is the answer even over quota.
    quota: () => checkQuota(deps, ctx.orgId, 'estimates'),
    before: async () => {
      const type = await readProjectTypeForCreate(deps.queryRows, ctx.orgId, input.projectTypeId)
      if (!type) throw badRequest('projectTypeId: Please select a project type', [{ field: 'projectTypeId', message: 'Please select a project type' }])
      template = type
    },
    prepare: (idempotencyRecord) => {
      if (!template) throw new Error('runIdempotentStatement runs before() ahead of prepare()')
      const columns = estimateColumns(input)
      const createdAt = new Date()
      const row = {
        id: randomUUID(),
        organizationId: ctx.orgId,
        createdBy: ctx.userId,
        status: 'draft',
        ...columns,
        projectTypeId: template.projectType.id,
        totalCost: moneyText(columns.totalCost),
        createdAt,
      }
      const amounts = splitByPercentages(
        centsOf(row.totalCost),
        template.phases.map((p) => p.defaultPercentage),
      ).map(centsText)
      const envelope = createEnvelope({
        type: Subjects.estimateCreated,
        orgId: ctx.orgId,
        actorId: ctx.userId,
        data: { estimateId: row.id, projectName: row.projectName, clientName: row.clientName, status: row.status } satisfies EstimateEventData,
      })
      const body = toEstimateDto(newEstimateWithRelations(row, template.projectType), deps.shareTokens)
      const response = { status: 201, body }
      const statement = insertEstimateStatement({
        estimate: row,
        phases: template.phases.map((p, i) => ({ ...p, amount: amounts[i] })),
        outbox: { id: envelope.id, subject: envelope.type, payload: JSON.stringify(envelope), headers: JSON.stringify(traceHeaders()) },
        idempotency: idempotencyRecord(response),
      })
      return { response, statement }
    },
  })
  return { status: result.status, body: result.body as Estimate, replayed: result.replayed }
}
