import type { AddressInfo } from 'node:net'
import { LINE_TOTAL_TOO_LARGE } from '@plumbline/contracts'
import { createLogger, errorHandler, isNumericOutOfRange, NUMBER_TOO_LARGE } from '@plumbline/service-kit'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECTION_TOTAL_TOO_LARGE } from '../../src/data/sections-repo.js'
import { createEstimate, type EstimatesTestService, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'

// Security probe 2026-11-24, findings 6 (numbers past their numeric column answered 500) and 7
// (negative money accepted): the probe's own requests, answered 400 naming the field.

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const fieldErrors = (body: { errors?: { field: string; message: string }[] }) => Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]))

async function sectionOf(api: ReturnType<EstimatesTestService['as']>) {
  const e = await createEstimate(api)
  const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'S' })).body
  return { e, section }
}

describe('numeric overflow answers 400 naming the field (finding 6)', () => {
  it('estimate totalCost "999999999999.999" (rounds past numeric(14,2))', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const res = await api('PUT', `/estimates/${e.id}`, { ...e, totalCost: '999999999999.999' })
    expect(res.status).toBe(400)
    expect(fieldErrors(res.body)).toEqual({ totalCost: 'Total cost must be at most 999,999,999,999.99' })
    const created = await api('POST', '/estimates', { ...e, totalCost: '999999999999.999' })
    expect(created.status).toBe(400)
    const largest = await api('PUT', `/estimates/${e.id}`, { ...e, totalCost: '999999999999.99' })
    expect(largest.status).toBe(200)
    expect(largest.body.totalCost).toBe('999999999999.99')
  })

  it('line item quantity 999999999999, unit cost 999999999999, and 999999999 × 9999999999', async () => {
    const api = svc.as(newOrgId())
    const { section } = await sectionOf(api)
    const add = (quantity: unknown, unitCost: unknown) => api('POST', `/sections/${section.id}/line-items`, { name: 'Big', quantity, unitCost })
    const qty = await add(999999999999, 1)
    expect(qty.status).toBe(400)
    expect(fieldErrors(qty.body)).toEqual({ quantity: 'Quantity must be at most 999,999,999.999' })
    const cost = await add(1, 999999999999)
    expect(cost.status).toBe(400)
    expect(fieldErrors(cost.body)).toEqual({ unitCost: 'Unit cost must be at most 9,999,999,999.99' })
    const product = await add(999999999, 9999999999)
    expect(product.status).toBe(400)
    expect(fieldErrors(product.body)).toEqual({ totalCost: LINE_TOTAL_TOO_LARGE })
    const item = (await add(1, 1)).body
    const update = await api('PUT', `/line-items/${item.id}`, { name: 'Big', quantity: 999999999, unitCost: 9999999999 })
    expect(update.status).toBe(400)
    expect(fieldErrors(update.body)).toEqual({ totalCost: LINE_TOTAL_TOO_LARGE })
  })

  it('a second item that takes the section total past 999,999,999,999.99: 400, nothing written', async () => {
    const api = svc.as(newOrgId())
    const { e, section } = await sectionOf(api)
    const first = await api('POST', `/sections/${section.id}/line-items`, { name: 'A', quantity: '100', unitCost: '9899999999.99' })
    expect(first.status).toBe(201)
    expect(first.body.totalCost).toBe('989999999999.00')
    const second = await api('POST', `/sections/${section.id}/line-items`, { name: 'B', quantity: '2', unitCost: '9999999999.99' })
    expect(second.status).toBe(400)
    expect(fieldErrors(second.body)).toEqual({ total: SECTION_TOTAL_TOO_LARGE })
    const sections = (await api('GET', `/estimates/${e.id}/sections`)).body
    expect(sections[0].total).toBe('989999999999.00')
    expect(sections[0].lineItems.map((i: { name: string }) => i.name)).toEqual(['A'])
    // Raising an existing item past the section's bound is refused the same way.
    const small = (await api('POST', `/sections/${section.id}/line-items`, { name: 'C', quantity: '1', unitCost: '1' })).body
    const bump = await api('PUT', `/line-items/${small.id}`, { name: 'C', quantity: '2', unitCost: '9999999999.99' })
    expect(bump.status).toBe(400)
    expect(fieldErrors(bump.body)).toEqual({ total: SECTION_TOTAL_TOO_LARGE })
    expect((await api('GET', `/estimates/${e.id}/sections`)).body[0].total).toBe('990000000000.00')
  })

  it('a CSV import row with qty and cost 999999999999, and rows whose sum overflows a section', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const big = await api('POST', `/estimates/${e.id}/sections/import-csv`, { csv: 'Section,Item,Qty,Unit Cost\nA,B,999999999999,999999999999\n' })
    expect(big.status).toBe(200)
    expect(big.body).toMatchObject({ lineItemsCreated: 0 })
    expect(big.body.errors).toEqual([
      { row: 2, field: 'Qty', message: 'Quantity must be at most 999,999,999.999' },
      { row: 2, field: 'Unit Cost', message: 'Unit cost must be at most 9,999,999,999.99' },
    ])
    const product = await api('POST', `/estimates/${e.id}/sections/import-csv`, { csv: 'Section,Item,Qty,Unit Cost\nA,B,999999999,9999999999\n' })
    expect(product.body.errors).toEqual([{ row: 2, field: 'totalCost', message: LINE_TOTAL_TOO_LARGE }])
    const sum = await api('POST', `/estimates/${e.id}/sections/import-csv`, {
      csv: 'Section,Item,Qty,Unit Cost\nA,B,100,9999999999.99\nA,C,2,9999999999.99\n',
    })
    expect(sum.status).toBe(400)
    expect(fieldErrors(sum.body)).toEqual({ total: SECTION_TOTAL_TOO_LARGE })
    expect((await api('GET', `/estimates/${e.id}/sections`)).body).toEqual([])
  })

  it('budget amounts and tax bounds past numeric(14,2)', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const phase = (await api('GET', `/estimates/${e.id}/phases`)).body[0]
    const budget = await api('PATCH', `/estimates/${e.id}/phases/budget`, {
      phases: [{ id: phase.id, percentage: '100', amount: '10000000000000', isEnabled: true }],
    })
    expect(budget.status).toBe(400)
    const tax = await api('POST', '/taxes', { name: 'T', rate: 0.05, maximumAmount: '1000000000000' })
    expect(tax.status).toBe(400)
    expect(fieldErrors(tax.body)).toEqual({ maximumAmount: 'Amount must be at most 999,999,999,999.99' })
  })

  it('recognises how Prisma and pg report numeric overflow (the error handler’s 400 net)', async () => {
    const { prisma } = svc.deps
    const raw = await prisma.$executeRawUnsafe('SELECT 1e13::numeric(14,2)').catch((err: unknown) => err)
    expect(isNumericOutOfRange(raw)).toBe(true)
    const api = svc.as(newOrgId())
    const { section } = await sectionOf(api)
    const model = await prisma.section.update({ where: { id: section.id }, data: { total: '10000000000000' } }).catch((err: unknown) => err)
    expect(isNumericOutOfRange(model)).toBe(true)
    expect(isNumericOutOfRange(new Error('other'))).toBe(false)
  })

  it('the kit’s error handler answers a database numeric overflow with 400, not 500', async () => {
    const { prisma } = svc.deps
    // The kit's own error handler behind a route that lets PostgreSQL's 22003 through.
    const app = express()
    app.get('/overflow', async () => {
      await prisma.$executeRawUnsafe('SELECT 1e13::numeric(14,2)')
    })
    app.use(errorHandler(createLogger('overflow-net', 'silent')))
    const server = app.listen(0)
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()))
      const port = (server.address() as AddressInfo).port
      const res = await fetch(`http://127.0.0.1:${port}/overflow`)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: NUMBER_TOO_LARGE })
    } finally {
      server.close()
    }
  })
})

describe('negative money is refused (finding 7)', () => {
  it('totalCost "-1" and "-999999999999", unit cost "-5", quantity -1', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    for (const totalCost of ['-1', '-999999999999']) {
      const res = await api('PUT', `/estimates/${e.id}`, { ...e, totalCost })
      expect(res.status).toBe(400)
      expect(fieldErrors(res.body)).toEqual({ totalCost: 'Total cost must be at least 0' })
    }
    const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'S' })).body
    const cost = await api('POST', `/sections/${section.id}/line-items`, { name: 'Discount', quantity: 1, unitCost: '-5' })
    expect(cost.status).toBe(400)
    expect(fieldErrors(cost.body)).toEqual({ unitCost: 'Unit cost must be at least 0' })
    const qty = await api('POST', `/sections/${section.id}/line-items`, { name: 'X', quantity: -1, unitCost: 5 })
    expect(fieldErrors(qty.body)).toEqual({ quantity: 'Quantity must be at least 0' })
    expect((await api('GET', `/estimates/${e.id}`)).body.totalCost).toBe(e.totalCost)
  })
})
