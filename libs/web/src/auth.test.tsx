import type { CurrentUser } from '@plumbline/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type * as React from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { switchOrganization, USER_QUERY_KEY, useActiveOrganization } from './auth'

const org = (id: string, name: string) => ({ id, name, role: 'Owner', permissions: undefined })
const userWith = (id: string, orgs: ReturnType<typeof org>[]) => ({ id, email: `${id}@example.com`, organizations: orgs }) as unknown as CurrentUser

function renderActive(user: CurrentUser) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } })
  client.setQueryData(USER_QUERY_KEY, user)
  const wrapper = ({ children }: { children: React.ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  return { ...renderHook(() => useActiveOrganization(), { wrapper }), client }
}

afterEach(() => window.localStorage.clear())

describe('the active organisation', () => {
  it('is the first organisation until the user switches; the switch reaches every reader and stays for that user', () => {
    const user = userWith('u1', [org('o1', 'Own Co.'), org('o2', 'Demo Co.')])
    const { result } = renderActive(user)
    expect(result.current?.id).toBe('o1')
    act(() => switchOrganization('u1', 'o2'))
    expect(result.current?.name).toBe('Demo Co.')
    // Another reader (a remote with its own copy of this module reads the same store).
    expect(renderActive(user).result.current?.id).toBe('o2')
    // Another user of the same browser keeps their own.
    expect(renderActive(userWith('u2', [org('o1', 'Own Co.'), org('o2', 'Demo Co.')])).result.current?.id).toBe('o1')
  })

  it('falls back to the first organisation when the chosen one is no longer the user’s', () => {
    switchOrganization('u1', 'gone')
    expect(renderActive(userWith('u1', [org('o1', 'Own Co.')])).result.current?.id).toBe('o1')
  })
})
