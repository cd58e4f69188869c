import { assertRouteMatrix, fillPath, runRouteMatrix } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'

describe('route matrix harness', () => {
  it('fills path and query parameters, encoding values', () => {
    expect(fillPath('/api/organizations/:orgId/estimates/:id?organizationId=:orgId', { orgId: 'o 1', id: 'e/1' })).toBe(
      '/api/organizations/o%201/estimates/e%2F1?organizationId=o%201',
    )
    expect(fillPath('/x/:missing', {}, 'fallback')).toBe('/x/fallback')
  })

  it('reports wrong statuses and changed state per route', async () => {
    let rows = 0
    const failures = await runRouteMatrix({
      routes: [
        { method: 'GET', path: '/api/organizations/:orgId/a' },
        { method: 'DELETE', path: '/api/organizations/:orgId/b' },
        { method: 'POST', path: '/api/organizations/:orgId/c' },
      ],
      params: { orgId: 'victim' },
      asOtherOrgMember: async ({ method, path, body }) => {
        if (method === 'DELETE') return { status: 403 }
        if (method === 'POST') {
          expect(body).toEqual({})
          rows++
          return { status: 404 }
        }
        expect(path).toBe('/api/organizations/victim/a')
        return { status: 404 }
      },
      snapshot: () => ({ rows }),
    })
    expect(failures).toEqual([
      { method: 'DELETE', path: '/api/organizations/victim/b', problem: 'status 403, expected 404' },
      { method: 'POST', path: '/api/organizations/victim/c', problem: 'state changed' },
    ])
  })

  it('throws one error naming every violation', async () => {
    await expect(
      assertRouteMatrix({
        routes: [{ method: 'GET', path: '/api/organizations/:orgId/a' }],
        params: { orgId: 'victim' },
        asOtherOrgMember: async () => ({ status: 200 }),
        snapshot: () => 0,
      }),
    ).rejects.toThrow(/GET \/api\/organizations\/victim\/a: status 200, expected 404/)
  })
})
