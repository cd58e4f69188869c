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

export const PROJECT_TYPES = [
  { id: 'pt-roof', name: 'Roof Replacement', description: 'Full tear-off and new roof', icon: 'fas fa-home', isSystemTemplate: true },
  { id: 'pt-remodel', name: 'Kitchen Remodel', description: 'Cabinets, counters, fixtures', icon: 'hammer', isSystemTemplate: true },
]

export const TEMPLATES = [
  {
    id: 'tpl-1',
    name: 'Asphalt Shingle Roof',
    description: 'Standard re-roof',
    category: 'roofing',
    isSystemTemplate: true,
    isDefault: true,
    sections: [
      {
        id: 's1',
        name: 'Tear-off',
        description: null,
        lineItems: [{ id: 'i1', name: 'Remove shingles', description: null, quantity: '20.000', unit: 'sqft', cost: '45.00' }],
      },
      { id: 's2', name: 'Underlayment', description: null, lineItems: [] },
      { id: 's3', name: 'Shingles', description: null, lineItems: [] },
      { id: 's4', name: 'Flashing', description: null, lineItems: [] },
      { id: 's5', name: 'Cleanup', description: null, lineItems: [] },
    ],
  },
  { id: 'tpl-2', name: 'Interior Repaint', description: null, category: 'mystery', isSystemTemplate: false, isDefault: false, sections: [] },
]

export type Handler = (url: URL, init: RequestInit & { headers?: Record<string, string> }) => Response | Promise<Response> | undefined

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Stubs fetch: each handler may answer; unanswered calls fail loudly (404 with the path). */
export function mockApi(...handlers: Handler[]) {
  const calls: { method: string; url: URL; body: unknown; headers: Record<string, string> }[] = []
  const fn = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost')
    const headers = (init.headers ?? {}) as Record<string, string>
    calls.push({ method: (init.method ?? 'GET').toUpperCase(), url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers })
    for (const h of handlers) {
      const res = await h(url, { ...init, headers })
      if (res) return res
    }
    return new Response(`no handler for ${url.pathname}`, { status: 404 })
  })
  vi.stubGlobal('fetch', fn)
  return { fn, calls }
}

/** Answers GET of the catalogues every screen reads. */
export const catalogues: Handler = (url, init) => {
  if ((init.method ?? 'GET') !== 'GET') return undefined
  if (url.pathname === `/api/organizations/${ORG_ID}/project-types`) return json(PROJECT_TYPES)
  if (url.pathname === `/api/organizations/${ORG_ID}/templates`) return json(TEMPLATES)
  if (url.pathname === `/api/organizations/${ORG_ID}/company-settings`) return json({ autoGenerateAI: false })
  return undefined
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
  { path = '/', routePath = '*', client, user = USER }: { path?: string; routePath?: string; client?: QueryClient; user?: unknown } = {},
) {
  const qc = client ?? createQueryClient()
  qc.setQueryData(['/api/user'], user)
  const utils = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...utils, client: qc }
}
