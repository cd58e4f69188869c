import { CONTENT_SECTION_TYPES, type EstimateDocumentReply } from '@plumbline/contracts'
import { AppError, isUuid } from '@plumbline/service-kit'
import { listContentLinkRows } from '../data/content-repo.js'
import { toContentLinkDto, toPhaseDto } from '../data/mappers.js'
import { listEstimatePhases } from '../data/phases-repo.js'
import { loadSections } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { loadApprovalRecord } from './get-approval-record.js'
import { loadEstimateDto } from './get-estimate.js'
import { loadEstimateTotals } from './load-estimate-totals.js'

const LINK_ORDER = new Map<string, number>(CONTENT_SECTION_TYPES.map((t, i) => [t, i]))

/**
 * Everything the ai and documents services write about or render for one estimate, for
 * rpc.estimates.document.get. An unknown id or another organisation's estimate answers
 * `found: false`: the caller turns that into its own 404.
 */
export async function loadEstimateDocument(deps: EstimatesDeps, orgId: string, estimateId: string): Promise<EstimateDocumentReply> {
  if (!isUuid(estimateId)) return { found: false }
  let estimate: Awaited<ReturnType<typeof loadEstimateDto>>
  try {
    estimate = await loadEstimateDto(deps.prisma, deps, orgId, estimateId)
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return { found: false }
    throw err
  }
  const [phases, sections, links, pricing, approval] = await Promise.all([
    listEstimatePhases(deps.prisma, orgId, estimate.id),
    loadSections(deps.queryRows, orgId, estimate.id),
    listContentLinkRows(deps.prisma, orgId, estimate.id),
    loadEstimateTotals(deps.prisma, orgId, estimate.id),
    loadApprovalRecord(deps.prisma, orgId, estimate.id),
  ])
  const contentLinks = links.sort((a, b) => (LINK_ORDER.get(a.role) ?? 99) - (LINK_ORDER.get(b.role) ?? 99)).map(toContentLinkDto)
  const approvalRecord = approval ? (({ snapshot: _snapshot, ...record }) => record)(approval) : null
  return { found: true, document: { estimate, phases: phases.map(toPhaseDto), sections, contentLinks, pricing, approvalRecord } }
}
