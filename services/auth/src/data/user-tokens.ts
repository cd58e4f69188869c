import { generateToken, hashToken } from '../domain/tokens.js'
import type { TokenPurpose } from '../generated/prisma/enums.js'
import type { Db, Tx } from './db.js'

/** Creates a single-use token and returns the raw value, which exists only in the mail. */
export async function issueUserToken(tx: Tx, userId: string, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = generateToken()
  await tx.userToken.create({ data: { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) } })
  return token
}

export function findUserToken(db: Db, token: string, purpose: TokenPurpose) {
  return db.userToken.findFirst({
    where: { tokenHash: hashToken(token), purpose },
    include: { user: { select: { id: true, email: true, emailVerifiedAt: true, deletedAt: true } } },
  })
}

/** Marks the token used unless someone else already did: exactly one caller wins. */
export async function consumeUserToken(tx: Tx, tokenId: string): Promise<boolean> {
  const { count } = await tx.userToken.updateMany({ where: { id: tokenId, usedAt: null }, data: { usedAt: new Date() } })
  return count === 1
}

/** Retires every open token of one purpose (after a reset, a re-send, or a deletion). */
export async function retireUserTokens(tx: Tx, userId: string, purpose?: TokenPurpose): Promise<void> {
  await tx.userToken.updateMany({ where: { userId, usedAt: null, ...(purpose ? { purpose } : {}) }, data: { usedAt: new Date() } })
}
