import { ErrorCode } from '@plumbline/contracts'
import type { Request } from 'express'
import type { z } from 'zod'
import { AppError, notFound, zodFieldErrors } from './errors.js'

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const errors = zodFieldErrors(result.error).map((e) => ({ ...e, field: e.field === '(root)' ? where : e.field }))
  throw new AppError(400, ErrorCode.VALIDATION_FAILED, errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors)
}

/** Parse helpers used by every router: invalid input is always a 400 naming the field. */
export const parseBody = <T extends z.ZodType>(schema: T, req: Request): z.infer<T> => parseOrThrow(schema, req.body ?? {}, 'body')
export const parseQuery = <T extends z.ZodType>(schema: T, req: Request): z.infer<T> => parseOrThrow(schema, req.query, 'query')
export const parseParams = <T extends z.ZodType>(schema: T, req: Request): z.infer<T> => parseOrThrow(schema, req.params, 'params')

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Ids are UUIDs; anything else cannot name a row, so callers answer 404 without a query. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value)

/** A UUID path parameter; anything else names nothing, so it is a 404 like a missing row. */
export function uuidParam(req: Request, name: string, what: string): string {
  const value = req.params[name]
  if (!isUuid(value)) throw notFound(what)
  return value.toLowerCase()
}
