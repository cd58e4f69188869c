import { describe, expect, it } from 'vitest'
import { stubFetch } from '../test/fetch-stub'
import { ApiError, apiRequest, apiUpload, buildUrlFromQueryKey, CSRF_HEADER, getQueryFn, parseApiError, throwIfNotOk } from './api'
import { createQueryClient } from './query-client'

const fetchMock = stubFetch()

const ctx = (queryKey: unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined, client: createQueryClient() }) as never

describe('buildUrlFromQueryKey', () => {
  it('joins string segments with /', () => {
    expect(buildUrlFromQueryKey(['/api/organizations', 'o1', 'usage'])).toBe('/api/organizations/o1/usage')
    expect(buildUrlFromQueryKey(['/api/user'])).toBe('/api/user')
  })
  it('turns object segments into query params, skipping null, undefined and empty strings', () => {
    expect(buildUrlFromQueryKey(['/api/dashboard/metrics', { organizationId: 'o1' }])).toBe('/api/dashboard/metrics?organizationId=o1')
    expect(buildUrlFromQueryKey(['/api/organizations', 'o1', 'estimates', { page: 2, search: '', status: null, sortBy: undefined, limit: 50, q: 'a b' }])).toBe(
      '/api/organizations/o1/estimates?page=2&limit=50&q=a+b',
    )
  })
  it('omits the query string when every param is empty', () => {
    expect(buildUrlFromQueryKey(['/api/x', { a: '', b: null }])).toBe('/api/x')
  })
  it('does not double slashes at segment junctions', () => {
    expect(buildUrlFromQueryKey(['/api/organizations/', '/o1'])).toBe('/api/organizations/o1')
  })
})

describe('getQueryFn', () => {
  it('GETs with cookies and parses JSON', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ ok: 1 }), { status: 200 }))
    const data = await getQueryFn({ on401: 'throw' })(ctx(['/api/user']))
    expect(data).toEqual({ ok: 1 })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/user')
    expect(init.credentials).toBe('include')
  })
  it('returns null on 401 in returnNull mode, having read the body (the connection is free again)', async () => {
    const res = new Response('Unauthorized', { status: 401 })
    fetchMock.mockResolvedValue(res)
    await expect(getQueryFn({ on401: 'returnNull' })(ctx(['/api/user']))).resolves.toBeNull()
    expect(res.bodyUsed).toBe(true)
  })
  it('throws "401: text" in throw mode', async () => {
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401 }))
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/user']))).rejects.toThrow('401: Unauthorized')
  })
  it('still throws other errors in returnNull mode', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"boom"}', { status: 500 }))
    await expect(getQueryFn({ on401: 'returnNull' })(ctx(['/api/user']))).rejects.toThrow('500: {"message":"boom"}')
  })
})

describe('throwIfNotOk', () => {
  it('uses the status text when the body is empty', async () => {
    await expect(throwIfNotOk(new Response('', { status: 404, statusText: 'Not Found' }))).rejects.toThrow('404: Not Found')
  })
  it('passes OK responses', async () => {
    await expect(throwIfNotOk(new Response('x', { status: 200 }))).resolves.toBeUndefined()
  })
  it('throws an ApiError carrying the status and the parsed body, with the spec\'s "status: text" message', async () => {
    const problem = { status: 409, code: 'CONFLICT', detail: 'Already there' }
    const error = await throwIfNotOk(new Response(JSON.stringify(problem), { status: 409, statusText: 'Conflict' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ status: 409, body: problem, message: `409: ${JSON.stringify(problem)}` })
    const plain = await throwIfNotOk(new Response('gateway down', { status: 502 })).catch((e: unknown) => e)
    expect(plain).toMatchObject({ status: 502, body: null, message: '502: gateway down' })
  })
})

describe('apiUpload', () => {
  it('posts the form as is (the browser sets the multipart boundary) with cookies and the CSRF header', async () => {
    document.cookie = 'plumbline_csrf=up%2F1; path=/'
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }))
    const form = new FormData()
    form.append('logo', new Blob(['x'], { type: 'image/png' }), 'logo.png')
    await apiUpload('/api/organizations/o1/company-settings/logo', form)
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/organizations/o1/company-settings/logo')
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('include')
    expect(init.body).toBe(form)
    expect(init.headers['Content-Type']).toBeUndefined()
    expect(init.headers[CSRF_HEADER]).toBe('up/1')
  })
  it('throws "status: text" on a non-OK response', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Logo is too large"}', { status: 413 }))
    await expect(apiUpload('/api/x', new FormData())).rejects.toThrow('413: {"message":"Logo is too large"}')
  })
})

describe('apiRequest', () => {
  it('sends JSON with cookies and the CSRF header from the readable cookie', async () => {
    document.cookie = 'plumbline_csrf=tok%2B123; path=/'
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }))
    await apiRequest('POST', '/api/login', { email: 'a@b.co', password: 'x' })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/login')
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('include')
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }))
    expect(init.headers['Content-Type']).toBe('application/json')
    expect(init.headers[CSRF_HEADER]).toBe('tok+123')
  })
  it('sends no body and no content type without data', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 204 }))
    await apiRequest('POST', '/api/logout')
    const [, init] = fetchMock.mock.calls[0]!
    expect(init.body).toBeUndefined()
    expect(init.headers['Content-Type']).toBeUndefined()
  })
  it('adds extra headers such as Idempotency-Key without dropping the CSRF header', async () => {
    document.cookie = 'plumbline_csrf=abc; path=/'
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }))
    await apiRequest('POST', '/api/x', { a: 1 }, { 'Idempotency-Key': 'k-1', [CSRF_HEADER]: 'spoofed' })
    const [, init] = fetchMock.mock.calls[0]!
    expect(init.headers['Idempotency-Key']).toBe('k-1')
    expect(init.headers[CSRF_HEADER]).toBe('abc')
    expect(init.headers['Content-Type']).toBe('application/json')
  })
  it('throws "status: text" on any non-OK response', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Invalid credentials"}', { status: 401 }))
    await expect(apiRequest('POST', '/api/login', {})).rejects.toThrow('401: {"message":"Invalid credentials"}')
  })
})

describe('parseApiError', () => {
  it('extracts status and the problem+json message', () => {
    const p = parseApiError(new Error('403: {"title":"Forbidden","detail":"Please verify your email"}'))
    expect(p.status).toBe(403)
    expect(p.message).toBe('Please verify your email')
  })
  it('reads an ApiError from its fields', async () => {
    const body = JSON.stringify({ title: 'Forbidden', detail: 'Please verify your email' })
    const error = await throwIfNotOk(new Response(body, { status: 403 })).catch((e: unknown) => e)
    expect(parseApiError(error)).toEqual({ status: 403, message: 'Please verify your email', raw: `403: ${body}`, body: JSON.parse(body) })
    const empty = await throwIfNotOk(new Response('', { status: 404, statusText: 'Not Found' })).catch((e: unknown) => e)
    expect(parseApiError(empty)).toMatchObject({ status: 404, message: 'Not Found', body: null })
    // Answers of status 4xx whose text merely looks like "NNN: …" are not mistaken for another status.
    const odd = await throwIfNotOk(new Response('500: not really', { status: 400 })).catch((e: unknown) => e)
    expect(parseApiError(odd)).toMatchObject({ status: 400, message: '500: not really' })
  })
  it('falls back to the raw text', () => {
    expect(parseApiError(new Error('500: Internal Server Error')).message).toBe('Internal Server Error')
    expect(parseApiError(new Error('Network down'))).toMatchObject({ status: null, message: 'Network down' })
  })
})

describe('query client defaults', () => {
  it('never refetches, never goes stale and never retries', () => {
    const d = createQueryClient().getDefaultOptions()
    expect(d.queries?.refetchInterval).toBe(false)
    expect(d.queries?.refetchOnWindowFocus).toBe(false)
    expect(d.queries?.staleTime).toBe(Infinity)
    expect(d.queries?.retry).toBe(false)
    expect(d.mutations?.retry).toBe(false)
  })
})
