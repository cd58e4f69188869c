import { badRequest } from '@plumbline/service-kit'
import type { RequestHandler } from 'express'

const MAX_DEPTH = 32

/** 'nul' for a U+0000 anywhere, 'deep' past MAX_DEPTH levels (no body of ours nests that far), else null. */
function problemIn(value: unknown, depth = 0): 'nul' | 'deep' | null {
  if (typeof value === 'string') return value.includes('\u0000') ? 'nul' : null
  if (value === null || typeof value !== 'object') return null
  if (depth > MAX_DEPTH) return 'deep'
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return 'nul'
    const found = problemIn(v, depth + 1)
    if (found) return found
  }
  return null
}

/**
 * PostgreSQL text cannot hold U+0000, and absurdly nested JSON would exhaust the stack of any
 * recursive walk (zod, JSON.stringify): both are refused up front as a 400.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const found = problemIn(req.body) ?? problemIn(req.query) ?? problemIn(req.params)
  if (found === 'nul') return next(badRequest('Text must not contain NUL characters', [{ field: 'body', message: 'Text must not contain NUL characters' }]))
  if (found === 'deep') return next(badRequest('Request body is nested too deeply', [{ field: 'body', message: 'Nested too deeply' }]))
  next()
}
