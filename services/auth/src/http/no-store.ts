import type { RequestHandler } from 'express'

/** Account answers are personal: no shared cache may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store')
  next()
}
