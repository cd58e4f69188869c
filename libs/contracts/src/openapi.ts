import { z } from 'zod'
import { API_PREFIX, API_ROUTES, type ApiRoute, pathParamsOf } from './api-routes.js'
import { ZProblem } from './errors.js'
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './identity.js'

type JsonSchema = Record<string, unknown>
type Operation = Record<string, unknown>

/** Request schemas describe what a client may send (zod input), replies what it receives (output). */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

/** `/organizations/:orgId/estimates/:id` → `/api/organizations/{orgId}/estimates/{id}`. */
export const openApiPath = (path: string) => API_PREFIX + path.replace(/:(\w+)/g, '{$1}')

function queryParameters(query: z.ZodType): Operation[] {
  const schema = schemaOf(query, 'input')
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }))
}

const problem = { description: 'Problem (RFC 9457)', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }

function operationOf(route: ApiRoute): Operation {
  const status = String(route.status ?? 200)
  const parameters = [
    ...pathParamsOf(route.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(route.query ? queryParameters(route.query) : []),
  ]
  const success =
    status === '204'
      ? { description: 'No content' }
      : { description: 'Success', ...(route.reply ? { content: { 'application/json': { schema: schemaOf(route.reply, 'output') } } } : {}) }
  return {
    operationId: route.id,
    tags: [route.service],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } } : {}),
    responses: {
      [status]: success,
      '400': problem,
      ...(route.access === 'public' ? {} : { '401': problem }),
      ...(route.permission || route.access === 'admin' ? { '403': problem } : {}),
      '404': problem,
    },
    security: route.access === 'public' ? [] : [{ session: [] }],
    'x-access': route.access,
    ...(route.permission ? { 'x-permission': route.permission } : {}),
  }
}

/**
 * The OpenAPI 3.1 document of the public API, generated from the route catalogue so that
 * integrators can generate clients; the gateway serves it at /api/openapi.json.
 */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {}
  for (const route of routes) {
    const path = openApiPath(route.path)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = operationOf(route)
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Plumbline API', version: '1' },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Problem: schemaOf(ZProblem, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `The session cookie set by POST /api/login. State-changing requests also echo the ${CSRF_COOKIE} cookie in the ${CSRF_HEADER} header.`,
        },
      },
    },
  }
}
