import type { Db, Tx } from './db.js'

// Members' e-mail choices per notification kind, and the one-click unsubscribe tokens mailed.

export type PreferenceOwner = { orgId: string; userId: string }

export const preferencesOf = (db: Db, owner: PreferenceOwner) =>
  db.notificationPreference.findMany({ where: { organizationId: owner.orgId, userId: owner.userId } })

export async function setPreference(db: Db, owner: PreferenceOwner, kind: string, email: boolean): Promise<void> {
  await db.notificationPreference.upsert({
    where: { organizationId_userId_kind: { organizationId: owner.orgId, userId: owner.userId, kind } },
    create: { organizationId: owner.orgId, userId: owner.userId, kind, email },
    update: { email },
  })
}

/** Whether the member wants this kind by e-mail (no choice yet: yes). */
export async function wantsEmail(db: Db, owner: PreferenceOwner, kind: string): Promise<boolean> {
  const row = await db.notificationPreference.findUnique({ where: { organizationId_userId_kind: { organizationId: owner.orgId, userId: owner.userId, kind } } })
  return row?.email ?? true
}

export async function saveUnsubscribeToken(tx: Tx, owner: PreferenceOwner, kind: string, tokenHash: string): Promise<void> {
  await tx.unsubscribeToken.create({ data: { tokenHash, organizationId: owner.orgId, userId: owner.userId, kind } })
}

export const findUnsubscribeToken = (db: Db, tokenHash: string) => db.unsubscribeToken.findUnique({ where: { tokenHash } })

export const actorEmailOf = async (db: Db, userId: string) => (await db.actor.findUnique({ where: { userId } }))?.email ?? null
