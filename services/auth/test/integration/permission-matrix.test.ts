import { permissionRows, runPermissionMatrix, uniqueId } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAuthTestService } from '../support/auth-test-service.js'

// Issue 11: the route catalogue's permission table, one row per route of this service: a member
// whose role lacks exactly that module's action gets 403 saying why; one who has it gets past.

let svc: Awaited<ReturnType<typeof startAuthTestService>>
beforeAll(async () => {
  svc = await startAuthTestService()
})
afterAll(async () => {
  await svc?.close()
})

describe('the permission table', () => {
  it('refuses each route without its permission and lets it through with it', async () => {
    const rows = permissionRows('auth')
    expect(rows.length).toBeGreaterThan(0)
    const { failures } = await runPermissionMatrix({ service: 'auth', base: svc.url, orgId: uniqueId('org-') })
    expect(failures).toEqual([])
  }, 120_000)
})
