import { describe, expect, it } from 'vitest'
import { API_ROUTES, pathParamsOf } from '../src/api-routes.js'
import { buildOpenApiDocument, openApiPath } from '../src/openapi.js'

type Doc = {
  openapi: string
  info: { title: string; version: string }
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; parameters?: { name: string; in: string; required: boolean }[]; requestBody?: unknown; responses: Record<string, unknown> }
    >
  >
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> }
}

const doc = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Doc
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

describe('OpenAPI document from the route catalogue', () => {
  it('has the OpenAPI 3.1 structure: version, info, paths of operations with unique ids and responses', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.title).toBeTruthy()
    expect(doc.info.version).toBeTruthy()
    const ids = new Set<string>()
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/api/'), path).toBe(true)
      for (const [method, op] of Object.entries(item)) {
        expect(METHODS.has(method), `${method} ${path}`).toBe(true)
        expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false)
        ids.add(op.operationId)
        expect(Object.keys(op.responses).length).toBeGreaterThan(0)
        for (const status of Object.keys(op.responses)) expect(status).toMatch(/^[1-5]\d\d$/)
        // Every {param} of the path is declared once as a required path parameter, and nothing else.
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
        expect(declared.sort(), `${method} ${path}`).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort())
        for (const p of op.parameters ?? []) if (p.in === 'path') expect(p.required).toBe(true)
      }
    }
    // Every $ref points at a component that exists.
    for (const ref of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)) expect(doc.components.schemas[ref[1]]).toBeDefined()
  })

  it('lists every catalogue route with its operation id, body and success status', () => {
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)
    expect(operations).toBe(API_ROUTES.length)
    for (const route of API_ROUTES) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]
      expect(op, `${route.method} ${route.path}`).toBeDefined()
      expect(op?.operationId).toBe(route.id)
      expect(op?.responses[String(route.status ?? 200)]).toBeDefined()
      expect(op?.requestBody !== undefined).toBe(route.body !== undefined)
      expect(pathParamsOf(route.path).length).toBe((op?.parameters ?? []).filter((p) => p.in === 'path').length)
    }
  })

  it('describes request bodies as JSON Schema a client can send (e.g. creating an estimate)', () => {
    const create = doc.paths['/api/organizations/{orgId}/estimates']?.post as {
      requestBody: { content: Record<string, { schema: { type: string; properties: Record<string, unknown> } }> }
    }
    const schema = create.requestBody.content['application/json'].schema
    expect(schema.type).toBe('object')
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['projectName', 'clientName']))
  })
})
