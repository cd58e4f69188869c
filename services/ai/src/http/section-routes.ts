import { ZChatMessageBody, ZContentSectionType } from '@plumbline/contracts'
import { aiRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, parseParams, uuidParam } from '@plumbline/service-kit'
import type { Request, Router } from 'express'
import { z } from 'zod'
import type { AiDeps } from '../deps.js'
import { generateSection } from '../usecases/generate-section.js'
import { listChatMessages } from '../usecases/list-chat-messages.js'
import { sendChatMessage } from '../usecases/send-chat-message.js'

const ZTypeParams = z.object({ type: ZContentSectionType })
const sectionType = (req: Request) => parseParams(ZTypeParams, req).type
const estimateId = (req: Request) => uuidParam(req, 'id', 'Estimate')
/** The contract's `message`; the spec's screens call the field `userMessage`, accepted as the same thing. */
const ZChatBody = z.preprocess((b) => {
  const body = b as Record<string, unknown> | null
  return body && typeof body === 'object' && !Array.isArray(body) && body.message === undefined && 'userMessage' in body
    ? { ...body, message: body.userMessage }
    : b
}, ZChatMessageBody)

export function sectionRoutes(deps: AiDeps): Router {
  return catalogueRouter(aiRoutes)
    .on('postEstimatesGenerateContentById', ({ ctx, req }) => generateSection(deps, ctx, estimateId(req), sectionType(req)))
    .on('getEstimatesContentSectionsChat', ({ ctx, req }) => listChatMessages(deps, ctx, estimateId(req), sectionType(req)))
    .on(
      'postEstimatesContentSectionsChat',
      ({ ctx, body, req }) => {
        const id = estimateId(req)
        return sendChatMessage(deps, ctx, id, sectionType(req), body.message)
      },
      { body: ZChatBody },
    ).router
}
