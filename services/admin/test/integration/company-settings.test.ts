import { COMPANY_SETTINGS_DEFAULTS, ZCompanySettings } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, exampleLogoUrlCheck, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ logoUrlCheck: exampleLogoUrlCheck })
})
afterAll(async () => {
  await svc?.close()
})

const path = (orgId: string) => `/organizations/${orgId}/company-settings`
const put = async (orgId: string, body: unknown, role: 'Owner' | 'Admin' | 'Member' | 'Viewer' = 'Owner') =>
  svc.call('PUT', path(orgId), { body, headers: await memberOf(orgId, role) })
const get = async (orgId: string) => svc.call('GET', path(orgId), { headers: await memberOf(orgId, 'Viewer') })

describe('GET /organizations/:orgId/company-settings', () => {
  it('answers every field with the defaults when nothing was saved', async () => {
    const res = await get('org-defaults')
    expect(res.status).toBe(200)
    expect(ZCompanySettings.strict().parse(res.json)).toEqual(COMPANY_SETTINGS_DEFAULTS)
    expect(res.json).toMatchObject({
      varianceRangePercentage: '15.00',
      autoGenerateAI: true,
      logoFileData: false,
      brandingColors: {},
      estimateTemplateSettings: {},
      enableLineItems: false,
      enableCostByType: false,
      enableSections: false,
      enableBusinessInsights: false,
      enableMarkupProfiles: false,
    })
    expect(await svc.deps.prisma.companySettings.count({ where: { organizationId: 'org-defaults' } })).toBe(0)
  })

  it('answers 401 without identity', async () => {
    expect((await svc.call('GET', path('org-defaults'))).status).toBe(401)
  })
})

describe('PUT /organizations/:orgId/company-settings', () => {
  it('saves a partial update and keeps every other field', async () => {
    const first = await put('org-partial', { companyName: '  Acme Builders ', enableLineItems: true, varianceRangePercentage: 12.5 })
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ companyName: 'Acme Builders', enableLineItems: true, varianceRangePercentage: '12.50', autoGenerateAI: true })

    const second = await put('org-partial', { companyPhone: '555-0100', brandingColors: { primary: '#123456' } }, 'Admin')
    expect(second.status).toBe(200)
    const after = await get('org-partial')
    expect(after.json).toEqual({
      ...COMPANY_SETTINGS_DEFAULTS,
      companyName: 'Acme Builders',
      companyPhone: '555-0100',
      enableLineItems: true,
      varianceRangePercentage: '12.50',
      brandingColors: { primary: '#123456' },
    })
    const row = await svc.deps.prisma.companySettings.findUniqueOrThrow({ where: { organizationId: 'org-partial' } })
    expect(row.updatedBy).toBe('user-admin-org-partial')
  })

  it('accepts the JSON settings as a JSON string and clears a text with an empty string', async () => {
    await put('org-json', { companyName: 'Named', website: 'https://acme.example' })
    const res = await put('org-json', { estimateTemplateSettings: '{"showLogo": true, "footer": "Thanks"}', website: '', companyName: null })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ estimateTemplateSettings: { showLogo: true, footer: 'Thanks' }, website: null, companyName: null })
  })

  it.each([
    ['brandingColors', '{not json', 'Branding colours must be a valid JSON object'],
    ['brandingColors', '[1,2]', 'Branding colours must be a valid JSON object'],
    ['estimateTemplateSettings', '"text"', 'Template settings must be a valid JSON object'],
  ])('answers 400 naming %s for invalid JSON %s', async (field, value, message) => {
    const res = await put('org-invalid', { [field]: value, companyName: 'Not saved' })
    expect(res.status).toBe(400)
    expect(res.json.errors).toContainEqual({ field, message })
    expect(await svc.deps.prisma.companySettings.count({ where: { organizationId: 'org-invalid' } })).toBe(0)
  })

  it('answers 400 with field messages for other invalid values', async () => {
    const res = await put('org-invalid', { companyEmail: 'nope', varianceRangePercentage: 150, website: 'not a url', unknownField: 1 })
    expect(res.status).toBe(400)
    const byField = Object.fromEntries((res.json.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]))
    expect(byField.companyEmail).toBe('Please enter a valid email')
    expect(byField.varianceRangePercentage).toBe('Variance must be between 0 and 100')
    expect(byField.website).toBe('Please enter a valid URL')
    expect(res.json.errors.some((e: { message: string }) => /unknownField/.test(e.message))).toBe(true)
  })

  it('refuses a website that is not an http(s) address', async () => {
    for (const website of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example']) {
      const res = await put('org-invalid', { website })
      expect(res.status, website).toBe(400)
      expect(res.json.errors).toContainEqual({ field: 'website', message: 'Please enter a valid URL' })
    }
    expect((await put('org-web', { website: 'http://acme.example' })).status).toBe(200)
  })

  it('refuses NUL characters and very deep JSON with 400 instead of failing in the database', async () => {
    const nul = await put('org-guard', { brandingColors: { primary: 'a\u0000b' } })
    expect(nul.status).toBe(400)
    expect(nul.json.errors).toEqual([{ field: 'brandingColors.primary', message: 'Text must not contain NUL characters' }])
    let deep: Record<string, unknown> = { leaf: 1 }
    for (let i = 0; i < 40; i++) deep = { d: deep }
    const tooDeep = await put('org-guard', { estimateTemplateSettings: deep })
    expect(tooDeep.status).toBe(400)
    expect(tooDeep.json.errors[0].field).toBe('body')
    let fine: Record<string, unknown> = { leaf: 1 }
    for (let i = 0; i < 20; i++) fine = { d: fine }
    expect((await put('org-guard', { estimateTemplateSettings: fine })).status).toBe(200)
  })

  it('a non-empty logo URL clears the uploaded logo', async () => {
    await svc.deps.prisma.companySettings.create({
      data: { organizationId: 'org-logo', logoFileName: 'logo.png', logoMimeType: 'image/png', logoFileSize: 2048, logoStoredFileId: 'file-1' },
    })
    expect((await get('org-logo')).json).toMatchObject({ logoFileData: true, logoFileName: 'logo.png', logoMimeType: 'image/png', logoFileSize: 2048 })

    // Other changes leave the uploaded logo alone…
    await put('org-logo', { companyName: 'Logo Co' })
    expect((await get('org-logo')).json.logoFileData).toBe(true)

    // …a URL replaces it.
    const res = await put('org-logo', { logoUrl: 'https://cdn.example/logo.png' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      logoUrl: 'https://cdn.example/logo.png',
      logoFileData: false,
      logoFileName: null,
      logoMimeType: null,
      logoFileSize: null,
      companyName: 'Logo Co',
    })
    const row = await svc.deps.prisma.companySettings.findUniqueOrThrow({ where: { organizationId: 'org-logo' } })
    expect(row.logoStoredFileId).toBeNull()
  })

  it.each(['Member', 'Viewer'] as const)('answers 403 to a %s and changes nothing', async (role) => {
    await put('org-roles', { companyName: 'Original' })
    const res = await put('org-roles', { companyName: 'Hijacked' }, role)
    expect(res.status).toBe(403)
    expect(res.json.detail).toMatch(/^Your role does not allow/)
    expect((await get('org-roles')).json.companyName).toBe('Original')
  })

  it('saves a logo URL only after the documents service fetched it, and shows its refusal on the logoUrl field', async () => {
    await put('org-logo-url', { logoUrl: 'https://cdn.example/ok.png' })
    const refused = await put('org-logo-url', { logoUrl: 'https://10.0.0.1/logo.png' })
    expect(refused.status).toBe(400)
    expect(refused.json.errors).toEqual([{ field: 'logoUrl', message: 'Logo URL points to a private or local address' }])
    expect((await get('org-logo-url')).json.logoUrl).toBe('https://cdn.example/ok.png')
  })

  it('answers 503 and saves nothing when the logo URL cannot be checked (documents service down)', async () => {
    const alone = await startAdminTestService()
    try {
      const res = await alone.call('PUT', path('org-no-docs'), {
        body: { companyName: 'Kept?', logoUrl: 'https://cdn.example/logo.png' },
        headers: await memberOf('org-no-docs'),
      })
      expect(res.status).toBe(503)
      expect(res.json.detail).toBe('The logo URL could not be checked right now. Please try again in a moment.')
      expect(await alone.deps.prisma.companySettings.count({ where: { organizationId: 'org-no-docs' } })).toBe(0)
    } finally {
      await alone.close()
    }
  })

  it('answers 404 for another organisation and 401 without identity', async () => {
    const res = await svc.call('PUT', path('org-victim'), { body: { companyName: 'X' }, headers: await memberOf('org-attacker') })
    expect(res.status).toBe(404)
    expect((await svc.call('PUT', path('org-victim'), { body: { companyName: 'X' } })).status).toBe(401)
    expect(await svc.deps.prisma.companySettings.count({ where: { organizationId: 'org-victim' } })).toBe(0)
  })
})
