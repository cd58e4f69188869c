import { describe, expect, it } from 'vitest'
import { csvFileName, importResultFromError, toImportResult } from './csv-transfer'

describe('csvFileName', () => {
  it('slugs the project name', () => {
    expect(csvFileName('Kitchen Remodel — Smith & Co.')).toBe('kitchen-remodel-smith-co-line-items.csv')
    expect(csvFileName('   ')).toBe('estimate-line-items.csv')
  })
})

describe('toImportResult', () => {
  it('reads the counts and per-row errors', () => {
    expect(toImportResult({ sectionsCreated: 2, lineItemsCreated: 5, errors: [{ row: 4, field: 'quantity', message: 'Quantity is required' }] })).toEqual({
      sectionsCreated: 2,
      lineItemsCreated: 5,
      errors: [{ row: 4, field: 'quantity', message: 'Quantity is required' }],
    })
    expect(toImportResult({ sectionsCreated: 1, lineItemsCreated: 1 })).toEqual({ sectionsCreated: 1, lineItemsCreated: 1, errors: [] })
  })

  it('takes row errors from a refused import, but not plain field errors', () => {
    const refused = new Error(`422: ${JSON.stringify({ title: 'Invalid CSV', errors: [{ row: 2, field: 'unitCost', message: 'Unit cost is required' }] })}`)
    expect(importResultFromError(refused)).toEqual({
      sectionsCreated: 0,
      lineItemsCreated: 0,
      errors: [{ row: 2, field: 'unitCost', message: 'Unit cost is required' }],
    })
    const plain = new Error(`400: ${JSON.stringify({ title: 'Bad', errors: [{ field: 'csv', message: 'Required' }] })}`)
    expect(importResultFromError(plain)).toBeNull()
    expect(importResultFromError(new Error('500: oops'))).toBeNull()
  })
})
