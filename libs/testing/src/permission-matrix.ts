import { PERMISSION_MODULES, type PermissionSet, SYSTEM_ROLE_PERMISSIONS } from '@plumbline/contracts'
import { API_ROUTES, type ApiRoute, type ApiService } from '@plumbline/contracts/api-routes'
import { fillPath } from './route-matrix.js'
import { claimsFor, signedRequest } from './service.js'

/**
 * The permission table is the route catalogue's `permission` field (libs/contracts/src/routes):
 * one row per route. For every row of a service this calls the service as a member of the
 * organisation whose role lacks exactly that module's action (everything else allowed) and
 * expects 403; and as one who has it, expecting anything but 403 (the ids are made up, so a 404
 * or a 400 is fine: the permission check let it through). Returns each row's violation.
 */
export type PermissionRow = { route: ApiRoute; without: number; with: number }

const everything = (): PermissionSet => Object.fromEntries(PERMISSION_MODULES.map((m) => [m, [...(SYSTEM_ROLE_PERMISSIONS.Owner[m] ?? [])]]))

function withoutAction(module: string, action: string): PermissionSet {
  const set = everything() as Record<string, string[]>
  set[module] = (set[module] ?? []).filter((a) => a !== action)
  return set as PermissionSet
}

type GuardedRoute = ApiRoute & { permission: NonNullable<ApiRoute['permission']> }

export function permissionRows(service: ApiService): GuardedRoute[] {
  return API_ROUTES.filter((r): r is GuardedRoute => r.service === service && !!r.permission && r.path.includes(':orgId'))
}

export async function runPermissionMatrix(opts: {
  service: ApiService
  base: string
  orgId: string
  params?: Record<string, string>
}): Promise<{ rows: PermissionRow[]; failures: string[] }> {
  const rows: PermissionRow[] = []
  const failures: string[] = []
  for (const route of permissionRows(opts.service)) {
    const path = fillPath(route.path, { ...opts.params, orgId: opts.orgId })
    const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {}
    const { module, action } = route.permission
    const refused = await signedRequest(opts.base, claimsFor(opts.orgId, { permissions: withoutAction(module, action) }), route.method, path, body)
    const allowed = await signedRequest(opts.base, claimsFor(opts.orgId, { permissions: everything() }), route.method, path, body)
    rows.push({ route, without: refused.status, with: allowed.status })
    const label = `${route.method} ${route.path} (${module}.${action})`
    if (refused.status !== 403) failures.push(`${label}: without the permission answered ${refused.status}, not 403`)
    else if (!/permission|not allow|cannot/i.test(refused.text)) failures.push(`${label}: the 403 does not say why (${refused.text.slice(0, 120)})`)
    if (allowed.status === 403) failures.push(`${label}: with the permission answered 403`)
  }
  return { rows, failures }
}
