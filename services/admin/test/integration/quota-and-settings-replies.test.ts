import { COMPANY_SETTINGS_DEFAULTS, ErrorCode, RequestSubjects, ZCompanySettings, ZQuotaCheckReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FREE_PLAN_ID } from '../../src/data/limits-repo.js'
import { monthOf } from '../../src/domain/month.js'
import { type AdminTestService, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ env: { DEFAULT_ESTIMATES_LIMIT: '3', DEFAULT_PDF_LIMIT: '0', DEFAULT_AI_LIMIT: '-1' } })
  await svc.deps.prisma.plan.create({ data: { id: 'pro', name: 'Pro', estimatesPerMonth: 100, pdfGenerationsPerMonth: 50, aiGenerationsPerMonth: 500 } })
})
afterAll(async () => {
  await svc?.close()
})

const quota = async (orgId: string, kind: 'estimates' | 'pdf' | 'ai') =>
  request(svc.deps.bus, RequestSubjects.quotaCheck, { orgId, kind }, { schema: ZQuotaCheckReply, timeoutMs: 3000 })
const setUsage = (orgId: string, kind: 'estimates' | 'pdf' | 'ai', count: number, month = monthOf(new Date())) =>
  svc.deps.prisma.usageCounter.upsert({
    where: { organizationId_month_kind: { organizationId: orgId, month, kind } },
    create: { organizationId: orgId, month, kind, count },
    update: { count },
  })

describe('quota check reply', () => {
  it('uses the configured defaults for an organisation without plan or override', async () => {
    expect(await quota('org-default', 'estimates')).toEqual({ allowed: true, used: 0, limit: 3 })
    await setUsage('org-default', 'estimates', 2)
    expect(await quota('org-default', 'estimates')).toEqual({ allowed: true, used: 2, limit: 3 })
    await setUsage('org-default', 'estimates', 3)
    expect(await quota('org-default', 'estimates')).toEqual({ allowed: false, used: 3, limit: 3 })
  })

  it('counts only the current UTC month', async () => {
    await setUsage('org-month', 'estimates', 3, '2001-01')
    expect(await quota('org-month', 'estimates')).toEqual({ allowed: true, used: 0, limit: 3 })
  })

  it('a limit of 0 allows nothing and -1 allows everything', async () => {
    expect(await quota('org-edges', 'pdf')).toEqual({ allowed: false, used: 0, limit: 0 })
    await setUsage('org-edges', 'ai', 1_000_000)
    expect(await quota('org-edges', 'ai')).toEqual({ allowed: true, used: 1_000_000, limit: -1 })
  })

  it('the plan beats the default, and each overridden field beats the plan', async () => {
    await svc.deps.prisma.organizationPlan.create({ data: { organizationId: 'org-pro', planId: 'pro' } })
    expect(await quota('org-pro', 'estimates')).toMatchObject({ limit: 100 })
    expect(await quota('org-pro', 'pdf')).toMatchObject({ allowed: true, limit: 50 })

    await svc.deps.prisma.subscriptionOverride.create({
      data: { organizationId: 'org-pro', estimatesPerMonth: -1, pdfGenerationsPerMonth: null, aiGenerationsPerMonth: 0, note: 'trial' },
    })
    await setUsage('org-pro', 'estimates', 400)
    expect(await quota('org-pro', 'estimates')).toEqual({ allowed: true, used: 400, limit: -1 })
    expect(await quota('org-pro', 'pdf')).toMatchObject({ limit: 50 })
    expect(await quota('org-pro', 'ai')).toEqual({ allowed: false, used: 0, limit: 0 })
  })

  it('an override without a plan beats the default', async () => {
    await svc.deps.prisma.subscriptionOverride.create({ data: { organizationId: 'org-override', pdfGenerationsPerMonth: 7 } })
    expect(await quota('org-override', 'pdf')).toMatchObject({ allowed: true, limit: 7 })
    expect(await quota('org-override', 'estimates')).toMatchObject({ limit: 3 })
  })

  it('a changed or removed override holds from the next check (limits are read on every check)', async () => {
    await svc.deps.prisma.organizationPlan.create({ data: { organizationId: 'org-lowered', planId: 'pro' } })
    await setUsage('org-lowered', 'estimates', 5)
    expect(await quota('org-lowered', 'estimates')).toEqual({ allowed: true, used: 5, limit: 100 })
    await svc.deps.prisma.subscriptionOverride.create({ data: { organizationId: 'org-lowered', estimatesPerMonth: 5 } })
    expect(await quota('org-lowered', 'estimates')).toEqual({ allowed: false, used: 5, limit: 5 })
    await svc.deps.prisma.subscriptionOverride.update({ where: { organizationId: 'org-lowered' }, data: { estimatesPerMonth: null } })
    expect(await quota('org-lowered', 'estimates')).toEqual({ allowed: true, used: 5, limit: 100 })
    await svc.deps.prisma.subscriptionOverride.delete({ where: { organizationId: 'org-lowered' } })
    await svc.deps.prisma.organizationPlan.delete({ where: { organizationId: 'org-lowered' } })
    expect(await quota('org-lowered', 'estimates')).toEqual({ allowed: false, used: 5, limit: 3 })
  })

  it('GET usage shows the same effective limits', async () => {
    const res = await svc.call('GET', '/organizations/org-pro/usage', { headers: await memberOf('org-pro', 'Viewer') })
    expect(res.json).toEqual({
      estimatesUsedThisMonth: 400,
      estimatesLimit: -1,
      pdfGenerationsThisMonth: 0,
      pdfLimit: 50,
      aiGenerationsThisMonth: 0,
      aiLimit: 0,
    })
  })

  it('rejects a malformed request with VALIDATION_FAILED', async () => {
    await expect(
      request(svc.deps.bus, RequestSubjects.quotaCheck, { orgId: 'org-default', kind: 'meetings' }, { schema: ZQuotaCheckReply, timeoutMs: 3000 }),
    ).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    })
    await expect(request(svc.deps.bus, RequestSubjects.quotaCheck, 'garbage', { schema: ZQuotaCheckReply, timeoutMs: 3000 })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    })
  })

  it('the Free plan carries the configured defaults', async () => {
    expect(await svc.deps.prisma.plan.findUniqueOrThrow({ where: { id: FREE_PLAN_ID } })).toEqual({
      id: FREE_PLAN_ID,
      name: 'Free',
      estimatesPerMonth: 3,
      pdfGenerationsPerMonth: 0,
      aiGenerationsPerMonth: -1,
    })
  })
})

describe('company settings reply', () => {
  it('answers the defaults for an organisation without settings, and the saved ones otherwise', async () => {
    const ask = async (orgId: string) => request(svc.deps.bus, RequestSubjects.companySettings, { orgId }, { schema: ZCompanySettings, timeoutMs: 3000 })
    expect(await ask('org-none')).toEqual(COMPANY_SETTINGS_DEFAULTS)
    await svc.call('PUT', '/organizations/org-saved/company-settings', {
      body: { companyName: 'Saved Co', enableMarkupProfiles: true },
      headers: await memberOf('org-saved'),
    })
    expect(await ask('org-saved')).toMatchObject({
      companyName: 'Saved Co',
      enableMarkupProfiles: true,
      enableLineItems: false,
      varianceRangePercentage: '15.00',
    })
    await expect(request(svc.deps.bus, RequestSubjects.companySettings, {}, { schema: ZCompanySettings, timeoutMs: 3000 })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    })
  })
})
