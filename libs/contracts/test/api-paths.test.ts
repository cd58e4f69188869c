import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as API_PATHS from '../src/api-paths.js'
import { API_ROUTES } from '../src/api-routes.js'

describe('API_PATHS', () => {
  it('names every catalogue route with its method and path, and nothing else', () => {
    const fromCatalogue = Object.fromEntries(API_ROUTES.map((r) => [r.id, [r.method, r.path]]))
    expect({ ...API_PATHS }).toEqual(fromCatalogue)
    expect(Object.keys(API_PATHS)).toHaveLength(API_ROUTES.length)
  })

  it('imports nothing at run time, so screens that use it ship no zod', () => {
    const source = readFileSync(new URL('../src/api-paths.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^\s*import\s+(?!type\b)/m)
  })
})
