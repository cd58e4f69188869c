import type { ApiService } from '@plumbline/contracts/api-routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueId } from './env.js'
import { permissionRows, runPermissionMatrix } from './permission-matrix.js'

/**
 * A service's rows of the route catalogue's permission table, as one test: a member
 * whose role lacks exactly a route's action gets 403 saying why; one who has it gets past.
 * `start` is the service's own test harness; its base URL is `base` or `url`.
 */
export function permissionTableSuite(service: ApiService, start: () => Promise<{ close: () => Promise<void>; base?: string; url?: string }>) {
  let svc: Awaited<ReturnType<typeof start>> | undefined
  beforeAll(async () => {
    svc = await start()
  })
  afterAll(async () => {
    await svc?.close()
  })
  describe('the permission table', () => {
    it('refuses each route without its permission and lets it through with it', async () => {
      expect(permissionRows(service).length).toBeGreaterThan(0)
      const base = svc?.base ?? svc?.url ?? ''
      const { failures } = await runPermissionMatrix({ service, base, orgId: uniqueId('org-') })
      expect(failures).toEqual([])
    }, 120_000)
  })
}
