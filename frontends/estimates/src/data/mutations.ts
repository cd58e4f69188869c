import type { Estimate, EstimatePayload, PropertyData, Template, ZApplyTemplateResult } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { callApi } from '@plumbline/web'
import type { z } from 'zod'

export type ApplyTemplateResult = z.infer<typeof ZApplyTemplateResult>

/** A fresh key per submit: a retried request (network blip, double click) creates one estimate. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto
  if (c && typeof c.randomUUID === 'function') return c.randomUUID()
  // randomUUID needs a secure context; plain-http deployments still get a random v4 UUID.
  const b = new Uint8Array(16)
  c.getRandomValues(b)
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export async function createEstimate(orgId: string, payload: EstimatePayload, idempotencyKey = newIdempotencyKey()): Promise<Estimate> {
  return callApi(api.postEstimates, { params: { orgId }, body: payload, headers: { 'Idempotency-Key': idempotencyKey } })
}

export async function updateEstimate(orgId: string, id: string, payload: EstimatePayload): Promise<Estimate> {
  return callApi(api.putEstimatesById, { params: { orgId, id }, body: payload })
}

export async function applyTemplate(orgId: string, estimateId: string, templateId: string): Promise<ApplyTemplateResult> {
  return callApi(api.postEstimatesApplyTemplate, { params: { orgId, id: estimateId }, body: { templateId } })
}

export async function fetchPropertyData(address: string, orgId?: string | null): Promise<PropertyData> {
  return callApi(api.postExternalEnhancedPropertyData, { query: { organizationId: orgId }, body: { address } })
}

export type TemplateWrite = {
  name: string
  description?: string | null
  category: string
  isDefault?: boolean
  sections: {
    name: string
    description?: string | null
    lineItems: { name: string; description?: string | null; quantity: string; unit: string; cost: string }[]
  }[]
}

export async function createTemplate(orgId: string, body: TemplateWrite): Promise<Template> {
  return callApi(api.postTemplates, { params: { orgId }, body })
}

export async function updateTemplate(orgId: string, id: string, body: TemplateWrite): Promise<Template> {
  return callApi(api.putTemplatesById, { params: { orgId, templateId: id }, body })
}

export async function deleteTemplate(orgId: string, id: string): Promise<void> {
  await callApi(api.deleteTemplatesById, { params: { orgId, templateId: id } })
}
