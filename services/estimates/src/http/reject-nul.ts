import { badRequest } from '@plumbline/service-kit'
import type { RequestHandler } from 'express'

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1))
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1))
}

/** PostgreSQL text cannot hold U+0000: refuse it as a 400 instead of failing in the database. */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  if (containsNul(req.body) || containsNul(req.query) || containsNul(req.params)) {
    return next(badRequest('Text must not contain NUL characters', [{ field: 'body', message: 'Text must not contain NUL characters' }]))
  }
  next()
}
