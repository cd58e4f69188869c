import { createHash } from 'node:crypto'
import { ErrorCode } from '@plumbline/contracts'
import { AppError, badRequest, type QuotaGrant } from '@plumbline/service-kit'
import type { Prisma, PrismaClient } from '../generated/prisma/client.js'
import { isUniqueViolation, type RunSql, type Tx } from './db.js'

export type StoredResponse = { status: number; body: unknown }
export type IdempotencyRequest = { orgId: string; key: string; scope: string; requestHash: string }

const KEY_RE = /^[\x21-\x7e]{1,200}$/

/** The Idempotency-Key header (printable ASCII, ≤ 200 chars), or undefined when absent. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined
  if (!KEY_RE.test(header)) throw badRequest('Idempotency-Key must be 1 to 200 printable characters', [{ field: 'Idempotency-Key', message: 'Invalid key' }])
  return header
}

export const requestHashOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex')

async function storedResponse(prisma: PrismaClient, req: IdempotencyRequest): Promise<StoredResponse | undefined> {
  const row = await prisma.idempotencyKey.findUnique({ where: { organizationId_key: { organizationId: req.orgId, key: req.key } } })
  if (!row) return undefined
  if (row.scope !== req.scope || row.requestHash !== req.requestHash) {
    throw new AppError(422, ErrorCode.CONFLICT, 'This Idempotency-Key was already used for a different request. Use a new key for a new request.')
  }
  return { status: row.statusCode, body: row.response }
}

/**
 * What a first attempt does before it writes, never a replay: `before` (checks reading the
 * database) and `quota` (service-kit's checkQuota) run side by side, one waiting on the database
 * and the other on admin. When both fail, `before`'s failure is the answer (a bad request is one
 * whatever the quota). A grant whose create then does not happen is given back.
 */
type FirstAttempt = { before?: () => Promise<void>; quota?: () => Promise<QuotaGrant> }

async function startFirstAttempt(work: FirstAttempt): Promise<QuotaGrant | undefined> {
  const [before, quota] = await Promise.allSettled([work.before?.(), work.quota?.()])
  if (quota.status === 'rejected') throw before.status === 'rejected' ? before.reason : quota.reason
  if (before.status === 'rejected') {
    quota.value?.release()
    throw before.reason
  }
  return quota.value
}

/**
 * Runs a create at most once per (organisation, key): a repeat with the same key and body gets
 * the stored response (same status and body); the same key with another body is refused. The
 * record is written in the create's own transaction, so it exists exactly when the create does;
 * a concurrent duplicate loses on the primary key and replays the winner's response.
 */
export async function runIdempotent(
  prisma: PrismaClient,
  req: IdempotencyRequest | undefined,
  work: FirstAttempt & { run: (tx: Tx) => Promise<StoredResponse> },
): Promise<StoredResponse & { replayed: boolean }> {
  if (req) {
    const stored = await storedResponse(prisma, req)
    if (stored) return { ...stored, replayed: true }
  }
  const grant = await startFirstAttempt(work)
  try {
    const result = await prisma.$transaction(async (tx) => {
      const response = await work.run(tx)
      if (req) {
        await tx.idempotencyKey.create({
          data: {
            organizationId: req.orgId,
            key: req.key,
            scope: req.scope,
            requestHash: req.requestHash,
            statusCode: response.status,
            response: response.body as object,
          },
        })
      }
      return response
    })
    return { ...result, replayed: false }
  } catch (err) {
    grant?.release()
    if (req && isUniqueViolation(err)) {
      const stored = await storedResponse(prisma, req)
      if (stored) return { ...stored, replayed: true }
    }
    throw err
  }
}

/**
 * runIdempotent for a create written as one statement (no interactive transaction): `prepare`
 * builds the answer and the statement that writes the rows together with the Idempotency-Key
 * record (given the record to write, or undefined without a key), and the statement runs on
 * `run` in one round trip. A concurrent duplicate fails the statement on the key's primary key,
 * writes nothing, and replays the winner's response, as runIdempotent.
 */
export async function runIdempotentStatement(
  prisma: PrismaClient,
  run: RunSql,
  req: IdempotencyRequest | undefined,
  work: FirstAttempt & {
    prepare: (record: (response: StoredResponse) => IdempotencyRecord | undefined) => { response: StoredResponse; statement: Prisma.Sql }
  },
): Promise<StoredResponse & { replayed: boolean }> {
  if (req) {
    const stored = await storedResponse(prisma, req)
    if (stored) return { ...stored, replayed: true }
  }
  const grant = await startFirstAttempt(work)
  try {
    const { response, statement } = work.prepare((answer) =>
      req ? { key: req.key, scope: req.scope, requestHash: req.requestHash, statusCode: answer.status, response: JSON.stringify(answer.body) } : undefined,
    )
    await run(statement)
    return { ...response, replayed: false }
  } catch (err) {
    grant?.release()
    if (req && isUniqueViolation(err)) {
      const stored = await storedResponse(prisma, req)
      if (stored) return { ...stored, replayed: true }
    }
    throw err
  }
}

/** The Idempotency-Key row a one-statement create writes (its organisation is the create's). */
export type IdempotencyRecord = { key: string; scope: string; requestHash: string; statusCode: number; response: string }

/** Stored answers are kept for a day: long enough for any client retry. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000

export async function pruneIdempotencyKeys(prisma: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } } })
  return count
}
