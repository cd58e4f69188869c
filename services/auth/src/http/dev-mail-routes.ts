import { parseQuery } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import { z } from 'zod'
import type { MailSink } from '../mail/mail-sink.js'
import { renderMailbox } from './mailbox-page.js'

const ZMailQuery = z.object({ to: z.string().trim().max(254).optional() })

/**
 * Development-only windows into the embedded SMTP sink. Mounted only when the sink replaces a
 * real SMTP relay, which env validation forbids in production.
 */
export function devMailRoutes(sink: MailSink): Router {
  const router = express.Router()

  router.get('/__dev/mail', (req, res) => {
    const { to } = parseQuery(ZMailQuery, req)
    res.setHeader('Cache-Control', 'no-store')
    res.json(sink.list({ to }))
  })

  // An attachment as the mail carried it (a PDF opens in the browser).
  router.get('/__dev/mail/:id/attachments/:index', (req, res) => {
    const file = sink.attachment(req.params.id, Number(req.params.index))
    if (!file) return void res.status(404).json({ code: 'NOT_FOUND', message: 'No such attachment' })
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Content-Disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
    res.type(file.contentType).send(file.content)
  })

  router.get('/__dev/mailbox', (req, res) => {
    const { to } = parseQuery(ZMailQuery, req)
    res.setHeader('Cache-Control', 'no-store')
    // Mail HTML is shown in sandboxed frames; the page itself runs no script.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; frame-src 'self'; form-action 'self'")
    res.type('html').send(renderMailbox(sink.list({ to }), to))
  })

  return router
}
