import { RequestSubjects, Subjects, ZSetCompanyLogoReply } from '@plumbline/contracts'
import { createEnvelope, request } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { monthOf } from '../../src/domain/month.js'
import { type AdminTestService, memberOf, startAdminTestService } from '../support/admin-test-service.js'

// What issue 4's services tell the admin service: an uploaded logo (request/reply from
// documents) and the AI generations and PDFs that count against the monthly limits (events).

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
})
afterAll(async () => {
  await svc?.close()
})

const settings = async (orgId: string) => (await svc.call('GET', `/organizations/${orgId}/company-settings`, { headers: await memberOf(orgId) })).json
const setLogo = async (orgId: string, logo: unknown) => request(svc.deps.bus, RequestSubjects.setCompanyLogo, { orgId, logo }, { schema: ZSetCompanyLogoReply })

describe('rpc.admin.company-settings.logo.set', () => {
  it('records an uploaded logo (replacing a logo URL) and clears it again', async () => {
    await svc.deps.prisma.companySettings.create({ data: { organizationId: 'org-upload', logoUrl: 'https://cdn.example/old.png', companyName: 'Upload Co' } })
    expect(await setLogo('org-upload', { fileName: 'logo.png', mimeType: 'image/png', size: 2048, fileId: 'file-9' })).toEqual({ ok: true })
    expect(await settings('org-upload')).toMatchObject({
      logoFileData: true,
      logoFileName: 'logo.png',
      logoMimeType: 'image/png',
      logoFileSize: 2048,
      logoUrl: null,
      companyName: 'Upload Co',
    })

    await setLogo('org-upload', null)
    expect(await settings('org-upload')).toMatchObject({ logoFileData: false, logoFileName: null, logoMimeType: null, logoFileSize: null })
  })

  it('refuses a malformed request without touching any settings', async () => {
    await expect(
      request(svc.deps.bus, RequestSubjects.setCompanyLogo, { orgId: 'org-bad', logo: { fileName: 3 } }, { schema: ZSetCompanyLogoReply }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    expect(await svc.deps.prisma.companySettings.count({ where: { organizationId: 'org-bad' } })).toBe(0)
  })
})

describe('usage from ai.generation.completed.v1 and documents.pdf.generated.v1', () => {
  const month = monthOf(new Date())
  const used = async (orgId: string, kind: 'ai' | 'pdf') =>
    (await svc.deps.prisma.usageCounter.findUnique({ where: { organizationId_month_kind: { organizationId: orgId, month, kind } } }))?.count ?? 0

  it('counts each AI generation and each PDF once, even when an event is delivered twice', async () => {
    const ai = createEnvelope({
      type: Subjects.aiGenerationCompleted,
      orgId: 'org-usage',
      actorId: 'u',
      data: { kind: 'chat', estimateId: null, jobId: null, writer: 'built-in', contentBlocks: {} },
    })
    const ai2 = createEnvelope({
      type: Subjects.aiGenerationCompleted,
      orgId: 'org-usage',
      actorId: 'u',
      data: { kind: 'generate_all', estimateId: 'e', jobId: 'j', writer: 'openai', contentBlocks: { timeline: 'x' } },
    })
    const pdf = createEnvelope({ type: Subjects.pdfGenerated, orgId: 'org-usage', actorId: 'u', data: { estimateId: 'e', fileId: 'f', pages: 3 } })
    for (const event of [ai, ai, ai2, pdf, pdf]) await svc.publish(event)
    await svc.waitForConsumer('admin-on-ai-generation-completed-v1', 'ai')
    await svc.waitForConsumer('admin-on-pdf-generated-v1', 'documents')
    expect(await used('org-usage', 'ai')).toBe(2)
    expect(await used('org-usage', 'pdf')).toBe(1)
  })
})
