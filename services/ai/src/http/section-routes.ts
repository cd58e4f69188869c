import { ZChatMessageBody, ZContentSectionType } from '@plumbline/contracts'
import { orgCtx, parseBody, parseParams, uuidParam } from '@plumbline/service-kit'
import express, { type Request, type Router } from 'express'
import { z } from 'zod'
import type { AiDeps } from '../deps.js'
import { generateSection } from '../usecases/generate-section.js'
import { listChatMessages } from '../usecases/list-chat-messages.js'
import { sendChatMessage } from '../usecases/send-chat-message.js'

const estimate = '/organizations/:orgId/estimates/:id'
const ZTypeParams = z.object({ type: ZContentSectionType })
const sectionType = (req: Request) => parseParams(ZTypeParams, req).type
/** The contract's `message`; the spec's screens call the field `userMessage`, accepted as the same thing. */
const ZChatBody = z.preprocess((b) => {
  const body = b as Record<string, unknown> | null
  return body && typeof body === 'object' && !Array.isArray(body) && body.message === undefined && 'userMessage' in body
    ? { ...body, message: body.userMessage }
    : b
}, ZChatMessageBody)

export function sectionRoutes(deps: AiDeps): Router {
  const router = express.Router()
  router.post(`${estimate}/generate-content/:type`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const estimateId = uuidParam(req, 'id', 'Estimate')
    res.json(await generateSection(deps, ctx, estimateId, sectionType(req)))
  })
  router.get(`${estimate}/content-sections/:type/chat`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    const estimateId = uuidParam(req, 'id', 'Estimate')
    res.json(await listChatMessages(deps, ctx, estimateId, sectionType(req)))
  })
  router.post(`${estimate}/content-sections/:type/chat`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const estimateId = uuidParam(req, 'id', 'Estimate')
    const type = sectionType(req)
    const { message } = parseBody(ZChatBody, req)
    res.status(201).json(await sendChatMessage(deps, ctx, estimateId, type, message))
  })
  return router
}
