import type { Response } from 'express'
import { type SectionsDocument, withGzip } from '../data/sections-document.js'
import type { Versioned } from '../data/versioned-memo.js'
import type { EstimatesDeps } from '../deps.js'
import { sendVersionedJson } from './versioned-body.js'

/** Sends an estimate's sections document by its version; its gzip recompresses only changed sections (see withGzip). */
export function sendSectionsDocument(
  deps: Pick<EstimatesDeps, 'sectionsDocuments'>,
  res: Response,
  estimateId: string,
  document: Versioned<SectionsDocument>,
  acceptsGzip: boolean,
): Promise<void> {
  return sendVersionedJson(res, {
    etag: `W/"${estimateId}.${document.version}"`,
    body: document.value.body,
    acceptsGzip,
    gzipped: async () => {
      if (document.value.gzip) return document.value.gzip
      const zipped = await withGzip(document.value)
      deps.sectionsDocuments.set(estimateId, { version: document.version, value: zipped })
      return zipped.gzip as Buffer
    },
  })
}
