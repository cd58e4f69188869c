import type { Db, Tx } from './db.js'

/** Auth announces each organisation once; a repeat (redelivery) keeps the first name. */
export async function rememberOrganization(tx: Tx, id: string, name: string): Promise<void> {
  await tx.$executeRaw`INSERT INTO organizations (id, name) VALUES (${id}, ${name}) ON CONFLICT (id) DO NOTHING`
}

export const findOrganization = (db: Db, orgId: string) => db.organization.findUnique({ where: { id: orgId } })

export const listOrganizations = (db: Db) => db.organization.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }] })
