import { COMPANY_SETTINGS_DEFAULTS, type CompanySettings } from '@plumbline/contracts'
import { Toaster } from '@plumbline/ui'
import { createQueryClient } from '@plumbline/web'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type * as React from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'

export const ORG_ID = 'org-1'
export const USER = {
  id: 'u1',
  email: 'demo@plumbline.dev',
  firstName: 'Demo',
  lastName: 'User',
  systemRole: 'user',
  organizations: [{ id: ORG_ID, name: 'Demo Construction Co.', role: 'owner' }],
}
export const SETTINGS_PATH = `/api/organizations/${ORG_ID}/company-settings`

export const settingsOf = (over: Partial<CompanySettings> = {}): CompanySettings => ({
  ...COMPANY_SETTINGS_DEFAULTS,
  companyName: 'Demo Construction Co.',
  companyEmail: 'office@demo.example',
  brandingColors: { primary: '#1e40af' },
  ...over,
})

export type Call = { method: string; url: URL; body: unknown; headers: Record<string, string> }
export type Handler = (url: URL, init: RequestInit & { method: string }) => Response | Promise<Response> | undefined

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Stubs fetch: each handler may answer; unanswered calls fail loudly (404 with the path). */
export function mockApi(...handlers: Handler[]) {
  const calls: Call[] = []
  const fn = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    // A multipart upload keeps its FormData; JSON bodies are parsed for assertions.
    const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> })
    for (const h of handlers) {
      const res = await h(url, { ...init, method })
      if (res) return res
    }
    return new Response(`no handler for ${method} ${url.pathname}`, { status: 404 })
  })
  vi.stubGlobal('fetch', fn)
  return { fn, calls }
}

/** GET answers these settings; PUT merges the body into them and answers the whole. */
export function settingsApi(initial: CompanySettings = settingsOf()): Handler {
  let current = { ...initial }
  return (url, init) => {
    if (url.pathname !== SETTINGS_PATH) return undefined
    if (init.method === 'GET') return json(current)
    if (init.method === 'PUT') {
      current = { ...current, ...(JSON.parse(String(init.body)) as Partial<CompanySettings>) }
      return json(current)
    }
    return undefined
  }
}

let lastLocation = ''
function LocationProbe() {
  const loc = useLocation()
  lastLocation = loc.pathname + loc.search
  return null
}
export const currentLocation = () => lastLocation

export function renderWithProviders(
  element: React.ReactNode,
  { path = '/settings', client, user = USER }: { path?: string; client?: QueryClient; user?: unknown } = {},
) {
  const qc = client ?? createQueryClient()
  qc.setQueryData(['/api/user'], user)
  const utils = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...utils, client: qc }
}
