import {
  type CompanySettings,
  type EstimateDocument,
  type EstimateDocumentReply,
  type QuotaCheckReply,
  RequestSubjects,
  UNLIMITED,
  ZCompanySettingsRequest,
  ZEstimateDocumentRequest,
  ZQuotaCheckRequest,
} from '@plumbline/contracts'
import { type Bus, type Replier, reply } from '@plumbline/messaging'
import { companySettings } from './fixtures.js'

/**
 * Stand-ins for the other services the ai service asks over NATS (estimates: the document;
 * admin: company settings and the AI quota), answering from maps the test fills. They speak the
 * same request/reply contract as the real responders, on the test's own bus prefix.
 */
export type StandIns = {
  /** orgId → estimateId → document; anything else answers found: false. */
  documents: Map<string, Map<string, EstimateDocument>>
  settings: Map<string, CompanySettings>
  quota: Map<string, QuotaCheckReply>
  quotaChecks: { orgId: string; kind: string }[]
  addDocument(orgId: string, doc: EstimateDocument): EstimateDocument
  stop(): Promise<void>
}

export function startStandIns(bus: Bus): StandIns {
  const documents = new Map<string, Map<string, EstimateDocument>>()
  const settings = new Map<string, CompanySettings>()
  const quota = new Map<string, QuotaCheckReply>()
  const quotaChecks: { orgId: string; kind: string }[] = []
  const repliers: Replier[] = [
    reply(
      bus,
      RequestSubjects.estimateDocument,
      async ({ orgId, estimateId }): Promise<EstimateDocumentReply> => {
        const doc = documents.get(orgId)?.get(estimateId)
        return doc ? { found: true, document: doc } : { found: false }
      },
      ZEstimateDocumentRequest,
    ),
    reply(bus, RequestSubjects.companySettings, async ({ orgId }) => settings.get(orgId) ?? companySettings(), ZCompanySettingsRequest),
    reply(
      bus,
      RequestSubjects.quotaCheck,
      async ({ orgId, kind }) => {
        quotaChecks.push({ orgId, kind })
        // Unlimited unless a test sets a limit: this stand-in counts nothing, as admin would from events.
        return quota.get(orgId) ?? { allowed: true, used: 0, limit: UNLIMITED }
      },
      ZQuotaCheckRequest,
    ),
  ]
  return {
    documents,
    settings,
    quota,
    quotaChecks,
    addDocument(orgId, doc) {
      if (!documents.has(orgId)) documents.set(orgId, new Map())
      documents.get(orgId)!.set(doc.estimate.id, doc)
      return doc
    },
    async stop() {
      await Promise.all(repliers.map((r) => r.stop()))
    },
  }
}
