import type { RequestHandler } from 'express'
import { badRequest } from './errors.js'

/** Deeper than any body or query of ours needs; recursive walks (zod, JSON.stringify, jsonb) fail far deeper. */
export const MAX_BODY_DEPTH = 32

export type BodyProblem = 'nul' | 'depth' | null

/** Walks a parsed value without recursion (a 100 kB body can nest ~50,000 levels). */
export function bodyProblem(body: unknown): BodyProblem {
  const stack: [unknown, number][] = [[body, 0]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, depth] = next
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul'
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (depth >= MAX_BODY_DEPTH) return 'depth'
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'nul'
      stack.push([child, depth + 1])
    }
  }
  return null
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and very deep JSON overflows recursive walkers;
 * both would surface as a 500. No field of ours needs either, so createServiceApp refuses them
 * up front (body and query string) with a 400 naming `body`.
 */
export const guardBody: RequestHandler = (req, _res, next) => {
  const problem = bodyProblem(req.body) ?? bodyProblem(req.query)
  if (problem === 'nul') return next(badRequest('Text must not contain NUL characters', [{ field: 'body', message: 'Text must not contain NUL characters' }]))
  if (problem === 'depth')
    return next(badRequest('The request body is nested too deeply', [{ field: 'body', message: `Nested deeper than ${MAX_BODY_DEPTH} levels` }]))
  next()
}
