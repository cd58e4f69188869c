import type { Db, Tx } from './db.js'

// An estimate's content sections (text by type) and their content links (visibility flags by
// role). Functions take orgId first.

export function listContentLinkRows(db: Db, orgId: string, estimateId: string) {
  return db.contentLink.findMany({ where: { estimateId, organizationId: orgId } })
}

export function findContentLink(db: Db, orgId: string, estimateId: string, id: string) {
  return db.contentLink.findFirst({ where: { id, estimateId, organizationId: orgId } })
}

export type ContentLinkFlags = { showToClient: boolean; includeInPdf: boolean; includeInWebLink: boolean }

export function updateContentLinkFlags(tx: Tx, orgId: string, id: string, flags: ContentLinkFlags) {
  return tx.contentLink.update({ where: { id, organizationId: orgId }, data: flags })
}

export function findContentSection(db: Db, orgId: string, estimateId: string, type: string) {
  return db.contentSection.findUnique({ where: { estimateId_type: { estimateId, type }, organizationId: orgId } })
}

/** Stores the section's text and its link's customised flag (creating either when missing). */
export async function saveContentText(tx: Tx, orgId: string, estimateId: string, type: string, content: string | null, isCustomized: boolean): Promise<void> {
  await tx.contentSection.upsert({
    where: { estimateId_type: { estimateId, type } },
    create: { estimateId, organizationId: orgId, type, content },
    update: { content },
  })
  await tx.contentLink.upsert({
    where: { estimateId_role: { estimateId, role: type } },
    create: { estimateId, organizationId: orgId, role: type, isCustomized },
    update: { isCustomized },
  })
}

/** Takes a section off the client's page (its link's showToClient), leaving the other flags. */
export async function hideFromClient(tx: Tx, orgId: string, estimateId: string, type: string): Promise<void> {
  await tx.contentLink.upsert({
    where: { estimateId_role: { estimateId, role: type } },
    create: { estimateId, organizationId: orgId, role: type, showToClient: false },
    update: { showToClient: false },
  })
}

/** The texts and the client-visibility flags, for the public page. */
export async function listClientContent(db: Db, orgId: string, estimateId: string) {
  // One after the other: `db` may be an interactive transaction, which runs one query at a time.
  const sections = await db.contentSection.findMany({ where: { organizationId: orgId, estimateId }, select: { type: true, content: true } })
  const links = await db.contentLink.findMany({
    where: { organizationId: orgId, estimateId },
    select: { role: true, showToClient: true, includeInWebLink: true },
  })
  return { sections, links }
}
