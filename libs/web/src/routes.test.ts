import * as api from '@plumbline/contracts/api-paths'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../test/fetch-stub'
import { ApiError, buildUrlFromQueryKey, CSRF_HEADER } from './api'
import { apiKey, apiKeyPrefix, apiPath, callApi, organizationKey } from './routes'

const fetchMock = stubFetch()

describe('apiPath', () => {
  it('prefixes /api and fills the parameters, encoded', () => {
    expect(apiPath(api.getUser)).toBe('/api/user')
    expect(apiPath(api.getRolesPermissions, { orgId: 'o 1', id: 'r/2' })).toBe('/api/organizations/o%201/roles/r%2F2/permissions')
  })
  it('appends the non-empty query values, repeating arrays', () => {
    expect(apiPath(api.getTasks, { orgId: 'o1' }, { estimateId: 'e1', search: '', status: null, due: undefined, tag: ['a', 'b'] })).toBe(
      '/api/organizations/o1/tasks?estimateId=e1&tag=a&tag=b',
    )
    expect(apiPath(api.getAdminAudit, {}, { search: '' })).toBe('/api/admin/audit')
  })
  it('takes only catalogue routes, with their parameters (checked by typecheck)', () => {
    // @ts-expect-error not a catalogue route
    expect(apiPath(['GET', '/nowhere'] as const)).toBe('/api/nowhere')
    // @ts-expect-error orgId is required
    expect(() => apiPath(api.getTasks, { id: 'x' })).toThrow('orgId')
  })
  it('throws on a missing parameter instead of calling a wrong URL', () => {
    expect(() => apiPath(api.getTasks, {} as never)).toThrow('/organizations/:orgId/tasks: path parameter "orgId" is missing')
    expect(() => apiPath(api.getTasks, { orgId: '' })).toThrow('orgId')
  })
})

describe('apiKey', () => {
  it('keeps the path up to the first parameter as one segment, then each part on its own', () => {
    expect(apiKey(api.getAdminCheck)).toEqual(['/api/admin/check'])
    expect(apiKey(api.getTasks, { orgId: 'o1' })).toEqual(['/api/organizations', 'o1', 'tasks'])
    expect(apiKey(api.getMeetingsTranscription, { orgId: 'o1' })).toEqual(['/api/organizations', 'o1', 'meetings', 'transcription'])
    expect(apiKey(api.getEstimatesContentSectionsChat, { orgId: 'o1', id: 'e1', type: 'scope' })).toEqual([
      '/api/organizations',
      'o1',
      'estimates',
      'e1',
      'content-sections',
      'scope',
      'chat',
    ])
    expect(apiKey(api.getPublicEstimatesById, { token: 't1' })).toEqual(['/api/public/estimates', 't1'])
  })
  it("keeps an empty parameter (a disabled query's key) but not a missing one", () => {
    expect(apiKey(api.getTasks, { orgId: '' })).toEqual(['/api/organizations', '', 'tasks'])
    expect(() => apiKey(api.getTasks, {} as never)).toThrow('/organizations/:orgId/tasks: path parameter "orgId" is missing')
  })
  it('puts the query last, as an object', () => {
    expect(apiKey(api.getAiProvider, {}, { organizationId: 'o1' })).toEqual(['/api/ai/provider', { organizationId: 'o1' }])
  })
  it('apiKeyPrefix is the part every key of the route starts with', () => {
    expect(apiKeyPrefix(api.getPublicEstimatesById)).toEqual(['/api/public/estimates'])
    expect(apiKeyPrefix(api.getAdminAudit)).toEqual(apiKey(api.getAdminAudit))
  })
  it('a shorter route of the same family, and the organisation key, are prefixes of a longer one', () => {
    const phases = apiKey(api.getEstimatesPhases, { orgId: 'o1', id: 'e1' })
    expect(phases.slice(0, 3)).toEqual(apiKey(api.getEstimates, { orgId: 'o1' }))
    expect(phases.slice(0, 4)).toEqual(apiKey(api.getEstimatesById, { orgId: 'o1', id: 'e1' }))
    expect(phases.slice(0, 2)).toEqual(organizationKey('o1'))
  })
  it('builds back to the same URL as apiPath (the default query function reads keys)', () => {
    const query = { page: 2, search: 'a b' }
    expect(buildUrlFromQueryKey(apiKey(api.getEstimates, { orgId: 'o1' }, query))).toBe(apiPath(api.getEstimates, { orgId: 'o1' }, query))
    expect(buildUrlFromQueryKey(apiKey(api.getRolesPermissions, { orgId: 'o1', id: 'r1' }))).toBe(apiPath(api.getRolesPermissions, { orgId: 'o1', id: 'r1' }))
  })
})

describe('callApi', () => {
  it("sends the route's method to its URL with the body, CSRF header and extra headers, and answers the JSON", async () => {
    document.cookie = 'plumbline_csrf=tok; path=/'
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 't1' }), { status: 201 }))
    const reply = await callApi(api.postTasks, { params: { orgId: 'o1' }, body: { title: 'Call back' } as never, headers: { 'Idempotency-Key': 'k1' } })
    expect(reply).toEqual({ id: 't1' })
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/organizations/o1/tasks')
    expect(init.method).toBe('POST')
    expect(init.body).toBe(JSON.stringify({ title: 'Call back' }))
    expect(init.credentials).toBe('include')
    expect(init.headers).toMatchObject({ [CSRF_HEADER]: 'tok', 'Idempotency-Key': 'k1', 'Content-Type': 'application/json' })
  })
  it('answers undefined for a 204 and needs no options on a route without parameters', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    expect(await callApi(api.postLogout)).toBeUndefined()
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/logout')
  })
  it('passes the abort signal on, so a cancelled query stops its request', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }))
    const controller = new AbortController()
    await callApi(api.getTasks, { params: { orgId: 'o1' }, signal: controller.signal })
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].signal).toBe(controller.signal)
  })
  it('answers the Response itself in raw mode (a file, a header), unread', async () => {
    fetchMock.mockResolvedValue(new Response('a,b\n1,2\n', { status: 200, headers: { 'x-next': 'c2' } }))
    const res = await callApi(api.getEstimatesSectionsExportCsv, { params: { orgId: 'o1', id: 'e1' }, headers: { Accept: 'text/csv' }, raw: true })
    expect(res.headers.get('x-next')).toBe('c2')
    expect(await res.text()).toBe('a,b\n1,2\n')
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers).toMatchObject({ Accept: 'text/csv' })
  })
  it('raises an ApiError in raw mode too', async () => {
    fetchMock.mockResolvedValue(new Response('{"code":"NOT_FOUND"}', { status: 404 }))
    const error = await callApi(api.getEstimatesSectionsExportCsv, { params: { orgId: 'o1', id: 'e1' }, raw: true }).catch((e: unknown) => e)
    expect((error as ApiError).status).toBe(404)
  })
  it('raises an ApiError with the status and the parsed body', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'No such task' }), { status: 404 }))
    const error = await callApi(api.deleteTasksById, { params: { orgId: 'o1', id: 't9' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(404)
    expect((error as ApiError).body).toEqual({ code: 'NOT_FOUND', message: 'No such task' })
  })
})
