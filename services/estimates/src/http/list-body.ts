import { gzipAnswer } from '@plumbline/service-kit'
import type { Response } from 'express'
import type { ListAnswer } from '../data/list-pages.js'
import type { EstimatesDeps } from '../deps.js'
import { sendVersionedJson } from './versioned-body.js'

/** Sends a list page's answer by its page version; the gzip is kept beside it (see listEstimates). */
export function sendListPage(deps: Pick<EstimatesDeps, 'listPages'>, res: Response, answer: ListAnswer, acceptsGzip: boolean): Promise<void> {
  return sendVersionedJson(res, {
    etag: `W/"estimates.${answer.version}"`,
    body: answer.value.body,
    acceptsGzip,
    gzipped: async () => {
      if (answer.value.gzip) return answer.value.gzip
      const gzip = await gzipAnswer(answer.value.body)
      deps.listPages.set(answer.key, { version: answer.version, value: { ...answer.value, gzip } })
      return gzip
    },
  })
}
