import { Toaster } from '@plumbline/ui'
import { createQueryClient } from '@plumbline/web'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type * as React from 'react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'

export const ADMIN = { id: 'admin-1', email: 'admin@plumbline.dev', firstName: 'Ada', lastName: 'Admin', systemRole: 'admin', organizations: [] }

export type Call = { method: string; url: URL; body: unknown }
export type Handler = (url: URL, method: string, body: unknown) => Response | undefined

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Stubs fetch; unanswered calls fail loudly (404 naming the path). */
export function mockApi(...handlers: Handler[]) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost')
      const method = (init.method ?? 'GET').toUpperCase()
      const body = init.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, url, body })
      for (const h of handlers) {
        const res = h(url, method, body)
        if (res) return res
      }
      return new Response(`no handler for ${method} ${url.pathname}`, { status: 404 })
    }),
  )
  return calls
}

export const route =
  (method: string, pathname: string, answer: (body: unknown) => Response): Handler =>
  (url, m, body) =>
    m === method && url.pathname === pathname ? answer(body) : undefined

export function renderAt(element: React.ReactNode, path = '/admin/users') {
  const client = createQueryClient()
  client.setQueryData(['/api/user'], ADMIN)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}
