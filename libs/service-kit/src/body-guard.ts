import { textProblem } from '@plumbline/contracts'
import type { RequestHandler } from 'express'
import { badRequest } from './errors.js'

/** Deeper than any body or query of ours needs; recursive walks (zod, JSON.stringify, jsonb) fail far deeper. */
export const MAX_BODY_DEPTH = 32

/** What is wrong with a body and where: `field` is the path of the string (`items.0.name`), or `body`. */
export type BodyProblem = { kind: 'text'; field: string; message: string } | { kind: 'depth' } | null

/**
 * Walks a parsed value without recursion (a 100 kB body can nest ~50,000 levels): every string
 * and every key must be well-formed text (contracts' textProblem: no NUL, no lone surrogate).
 */
export function bodyProblem(body: unknown): BodyProblem {
  const stack: [unknown, number, string][] = [[body, 0, '']]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, depth, path] = next
    if (typeof value === 'string') {
      const message = textProblem(value)
      if (message) return { kind: 'text', field: path || 'body', message }
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (depth >= MAX_BODY_DEPTH) return { kind: 'depth' }
    for (const [key, child] of Object.entries(value)) {
      const message = textProblem(key)
      // A bad key is no field of ours: it is named by where it sits.
      if (message) return { kind: 'text', field: path || 'body', message }
      stack.push([child, depth + 1, path ? `${path}.${key}` : key])
    }
  }
  return null
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000 nor a lone surrogate, and very deep JSON
 * overflows recursive walkers; each would surface as a 500. No field of ours needs any of them,
 * so createServiceApp refuses them up front (body and query string) with a 400 naming the field.
 */
export const guardBody: RequestHandler = (req, _res, next) => {
  const problem = bodyProblem(req.body) ?? bodyProblem(req.query)
  if (problem?.kind === 'text') return next(badRequest(problem.message, [{ field: problem.field, message: problem.message }]))
  if (problem?.kind === 'depth')
    return next(badRequest('The request body is nested too deeply', [{ field: 'body', message: `Nested deeper than ${MAX_BODY_DEPTH} levels` }]))
  next()
}
