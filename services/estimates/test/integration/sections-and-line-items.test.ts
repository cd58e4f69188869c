import type { FieldError, LineItem, Section, Template } from '@plumbline/contracts'
import { Subjects, ZLineItem, ZSection } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, type EstimatesTestService, newOrgId, ROOFING_TEMPLATE, startEstimatesTestService } from '../support/estimates-test-service.js'

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const lineItemEvents = async (estimateId: string) =>
  (await svc.deps.prisma.outboxEvent.findMany({ where: { subject: Subjects.lineItemsChanged }, orderBy: { createdAt: 'asc' } }))
    .map((e) => (e.payload as { data: { estimateId: string; change: string } }).data)
    .filter((d) => d.estimateId === estimateId)
    .map((d) => d.change)

describe('sections', () => {
  it('creates sections with sortOrder = current count, updates and deletes them', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const a = await api('POST', `/estimates/${e.id}/sections`, { name: 'Tear-off', description: 'Remove old roof' })
    expect(a.status).toBe(201)
    expect(ZSection.parse(a.body)).toMatchObject({ name: 'Tear-off', description: 'Remove old roof', total: '0.00', sortOrder: 0, lineItems: [] })
    const b = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Install' })).body
    expect(b.sortOrder).toBe(1)
    expect((await api('POST', `/estimates/${e.id}/sections`, { name: '  ' })).body.errors[0]).toEqual({ field: 'name', message: 'Name is required' })
    const renamed = await api('PUT', `/sections/${b.id}`, { name: 'Installation', sortOrder: 0 })
    expect(renamed.body).toMatchObject({ name: 'Installation', sortOrder: 0, description: null })
    expect((await api('DELETE', `/sections/${a.body.id}`)).status).toBe(204)
    expect((await api('GET', `/estimates/${e.id}/sections`)).body.map((s: Section) => s.name)).toEqual(['Installation'])
    expect((await api('PUT', `/sections/${a.body.id}`, { name: 'Gone' })).status).toBe(404)
  })
})

describe('line items', () => {
  it('computes totals on the server to 2 decimals from 3-decimal quantities, ignoring a client total', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const s = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Materials' })).body
    const res = await api('POST', `/sections/${s.id}/line-items`, { name: 'Paint', quantity: 2.125, unitCost: '19.99', totalCost: '999999', unit: 'hours' })
    expect(res.status, res.text).toBe(201)
    const item = ZLineItem.parse(res.body)
    expect(item).toMatchObject({
      quantity: '2.125',
      unitCost: '19.99',
      totalCost: '42.48',
      unit: 'hours',
      isMaterial: true,
      applyMarkup: true,
      applyTax: true,
      sortOrder: 0,
    })
    // Half-up rounding: 0.005 → 0.01; 1.5 × 0.03 = 0.045 → 0.05; large numbers stay exact.
    const half = (await api('POST', `/sections/${s.id}/line-items`, { name: 'Nails', quantity: '1.5', unitCost: '0.03' })).body
    expect(half.totalCost).toBe('0.05')
    const big = (await api('POST', `/sections/${s.id}/line-items`, { name: 'Steel', quantity: '123456.789', unitCost: '9999.99' })).body
    expect(big.totalCost).toBe('1234566655.43') // 123456.789 × 9999.99 = 1234566655.43211
    const section = (await api('GET', `/estimates/${e.id}/sections`)).body[0]
    expect(section.total).toBe('1234566697.96')
    expect(section.lineItems.map((i: LineItem) => i.name)).toEqual(['Paint', 'Nails', 'Steel'])

    const updated = await api('PUT', `/line-items/${item.id}`, { name: 'Paint (2 coats)', quantity: '3', unitCost: 10.1, isLabor: true, unit: 'sqft' })
    expect(updated.body).toMatchObject({ name: 'Paint (2 coats)', quantity: '3.000', unitCost: '10.10', totalCost: '30.30', isLabor: true })
    expect((await api('DELETE', `/line-items/${big.id}`)).status).toBe(204)
    expect((await api('GET', `/estimates/${e.id}/sections`)).body[0].total).toBe('30.35')
    expect(await lineItemEvents(e.id)).toEqual(['created', 'created', 'created', 'updated', 'deleted'])
  })

  it('validates the add form (spec messages, units, negative quantity)', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const s = (await api('POST', `/estimates/${e.id}/sections`, { name: 'S' })).body
    const res = await api('POST', `/sections/${s.id}/line-items`, {})
    expect(res.status).toBe(400)
    expect(Object.fromEntries(res.body.errors.map((x: FieldError) => [x.field, x.message]))).toMatchObject({ name: 'Name is required' })
    expect(res.body.errors.map((x: FieldError) => x.field)).toEqual(expect.arrayContaining(['quantity', 'unitCost']))
    expect((await api('POST', `/sections/${s.id}/line-items`, { name: 'x', quantity: 'lots', unitCost: 1 })).body.errors[0]).toEqual({
      field: 'quantity',
      message: 'Quantity is required',
    })
    expect((await api('POST', `/sections/${s.id}/line-items`, { name: 'x', quantity: -1, unitCost: 1 })).status).toBe(400)
    expect((await api('POST', `/sections/${s.id}/line-items`, { name: 'x', quantity: 1, unitCost: 1, unit: 'gallons' })).status).toBe(400)
  })

  it('reorders only within the same section', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const s1 = (await api('POST', `/estimates/${e.id}/sections`, { name: 'One' })).body
    const s2 = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Two' })).body
    const items = []
    for (const name of ['a', 'b', 'c']) items.push((await api('POST', `/sections/${s1.id}/line-items`, { name, quantity: 1, unitCost: 1 })).body)
    const foreign = (await api('POST', `/sections/${s2.id}/line-items`, { name: 'z', quantity: 1, unitCost: 1 })).body
    const res = await api('PATCH', `/sections/${s1.id}/line-items/reorder`, { itemIds: [items[2].id, items[0].id, items[1].id] })
    expect(res.status).toBe(200)
    expect(res.body.lineItems.map((i: LineItem) => i.name)).toEqual(['c', 'a', 'b'])
    const bad = await api('PATCH', `/sections/${s1.id}/line-items/reorder`, { itemIds: [items[0].id, foreign.id] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Items can only be reordered within the same section')
    // A partial list moves the listed items first; the rest keep their order.
    expect((await api('PATCH', `/sections/${s1.id}/line-items/reorder`, { itemIds: [items[1].id] })).body.lineItems.map((i: LineItem) => i.name)).toEqual([
      'b',
      'c',
      'a',
    ])
    expect((await api('GET', `/estimates/${e.id}/sections`)).body[0].lineItems.map((i: LineItem) => i.name)).toEqual(['b', 'c', 'a'])
  })

  it('applies a template after the existing sections and counts what it created', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    await api('POST', `/estimates/${e.id}/sections`, { name: 'Existing' })
    const template = (await api('GET', '/templates')).body.find((t: Template) => t.id === ROOFING_TEMPLATE)
    const expectedItems = template.sections.reduce((n: number, s: Template['sections'][number]) => n + s.lineItems.length, 0)
    const res = await api('POST', `/estimates/${e.id}/apply-template`, { templateId: ROOFING_TEMPLATE })
    expect(res.body).toEqual({ sectionsCreated: template.sections.length, lineItemsCreated: expectedItems })
    const sections = (await api('GET', `/estimates/${e.id}/sections`)).body
    expect(sections.map((s: Section) => s.name)).toEqual(['Existing', ...template.sections.map((s: Template['sections'][number]) => s.name)])
    expect(sections.map((s: Section) => s.sortOrder)).toEqual(sections.map((_: unknown, i: number) => i))
    const tearOff = sections[1]
    expect(tearOff.lineItems[0]).toMatchObject({
      name: 'Remove existing shingles (1 layer)',
      quantity: '2000.000',
      unit: 'sqft',
      unitCost: '0.85',
      totalCost: '1700.00',
    })
    expect(tearOff.total).toBe('3480.00') // 1700 + 2 × 450 + 16 × 55
    expect((await api('POST', `/estimates/${e.id}/apply-template`, { templateId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
    expect((await api('POST', `/estimates/${e.id}/apply-template`, {})).status).toBe(400)
  })
})

describe('CSV export and import', () => {
  it('round-trips sections and line items (export → import into another estimate)', async () => {
    const api = svc.as(newOrgId())
    const source = await createEstimate(api, { projectName: 'Source Job' })
    await api('POST', `/estimates/${source.id}/apply-template`, { templateId: ROOFING_TEMPLATE })
    const s = (await api('POST', `/estimates/${source.id}/sections`, { name: 'Extras, "quoted"' })).body
    await api('POST', `/sections/${s.id}/line-items`, {
      name: '=HYPERLINK("x")',
      quantity: '2.125',
      unitCost: '19.99',
      isLabor: true,
      isMaterial: false,
      description: 'Line one\nline two, with comma',
    })
    await api('POST', `/estimates/${source.id}/sections`, { name: 'Empty section' })
    const exported = await api('GET', `/estimates/${source.id}/sections/export.csv`)
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(exported.headers.get('content-disposition')).toContain('source-job-line-items.csv')
    const lines = exported.text.split('\r\n')
    expect(lines[0]).toBe('Section,Item,Type,Qty,Unit,Unit Cost,Description')
    expect(exported.text).toContain(`"Extras, ""quoted""","'=HYPERLINK(""x"")",Labor,2.125,each,19.99,"Line one\nline two, with comma"`)

    const target = await createEstimate(api, { projectName: 'Target Job' })
    const imported = await api('POST', `/estimates/${target.id}/sections/import-csv`, { csv: exported.text })
    expect(imported.status, imported.text).toBe(200)
    const strip = (sections: Section[]) =>
      sections.map((x) => ({ name: x.name, total: x.total, items: x.lineItems.map((i) => ({ ...i, id: undefined, sectionId: undefined })) }))
    const before = (await api('GET', `/estimates/${source.id}/sections`)).body
    const after = (await api('GET', `/estimates/${target.id}/sections`)).body
    expect(imported.body).toEqual({
      sectionsCreated: before.length,
      lineItemsCreated: before.reduce((n: number, x: Section) => n + x.lineItems.length, 0),
      errors: [],
    })
    // Everything the CSV carries survives (flags beyond the type, vendor etc. are not columns).
    const carried = (xs: Section[]) =>
      strip(xs).map((x) => ({
        ...x,
        items: x.items.map((i) => ({
          name: i.name,
          quantity: i.quantity,
          unit: i.unit,
          unitCost: i.unitCost,
          totalCost: i.totalCost,
          description: i.description,
          isLabor: i.isLabor,
          isMaterial: i.isMaterial,
        })),
      }))
    expect(carried(after)).toEqual(carried(before))
    // Importing into the same estimate appends to the sections of the same name.
    const again = await api('POST', `/estimates/${target.id}/sections/import-csv`, { csv: 'Section,Item,Qty,Unit Cost\nEmpty section,Added,1,5\n' })
    expect(again.body).toEqual({ sectionsCreated: 0, lineItemsCreated: 1, errors: [] })
  })

  it('reports every invalid row and creates nothing', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const csv = [
      'Section,Item,Type,Qty,Unit,Unit Cost,Description',
      'Roof,Shingles,Material,10,sqft,2.50,ok',
      ',No section,Material,1,each,1,',
      'Roof,,Labor,1,hours,50,',
      'Roof,Bad qty,Labor,abc,hours,50,',
      'Roof,Bad unit,Labor,1,gallons,50,',
      'Roof,Bad type,Robot,1,each,50,',
      'Roof,Negative,Material,-2,each,5,',
      'Roof,Bad cost,Material,1,each,$1.2.3,',
      '',
    ].join('\n')
    const res = await api('POST', `/estimates/${e.id}/sections/import-csv`, { csv })
    expect(res.status).toBe(200)
    expect(res.body.sectionsCreated).toBe(0)
    expect(res.body.lineItemsCreated).toBe(0)
    expect(res.body.errors).toEqual([
      { row: 3, field: 'Section', message: 'Section is required' },
      { row: 4, field: 'Item', message: 'Name is required' },
      { row: 5, field: 'Qty', message: 'Quantity is required' },
      { row: 6, field: 'Unit', message: 'Unit must be one of each, sqft, lnft, hours, days, tons, yards, sheets' },
      { row: 7, field: 'Type', message: 'Type must be Labor, Material, Equipment, Subcontractor or Other' },
      { row: 8, field: 'Qty', message: 'Quantity must be at least 0' },
      { row: 9, field: 'Unit Cost', message: 'Unit cost is required' },
    ])
    expect((await api('GET', `/estimates/${e.id}/sections`)).body).toEqual([])
    const missing = await api('POST', `/estimates/${e.id}/sections/import-csv`, { csv: 'Name,Price\nx,1\n' })
    expect(missing.body.errors.map((x: FieldError) => x.field)).toEqual(['Section', 'Item', 'Qty', 'Unit Cost'])
    const broken = await api('POST', `/estimates/${e.id}/sections/import-csv`, { csv: 'Section,Item,Qty,Unit Cost\n"Roof,Shingles,1,1\n' })
    expect(broken.body.errors).toEqual([{ row: 0, field: 'csv', message: 'Unclosed quote starting on line 2' }])
  })

  it('refuses files over 1 MB', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const csv = `Section,Item,Qty,Unit Cost\n${'Roof,Shingles,1,1\n'.repeat(60_000)}`
    expect(csv.length).toBeGreaterThan(1_000_000)
    expect((await api('POST', `/estimates/${e.id}/sections/import-csv`, { csv })).status).toBe(413)
  })
})
