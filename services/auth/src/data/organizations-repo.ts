import type { Db } from './db.js'

export const findOrganization = (db: Db, orgId: string) => db.organization.findUnique({ where: { id: orgId } })

/** A new organisation; `id` only for fixed seed data. */
export const createOrganization = (db: Db, data: { name: string; id?: string }) => db.organization.create({ data })

/** Every organisation by name, each with its own roles by name (platform admins' pickers). */
export const listOrganizationsWithRoles = (db: Db) =>
  db.organization.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], include: { roles: { orderBy: { name: 'asc' } } } })
