import type { Response } from 'express'
import { type SectionsDocument, withGzip } from '../data/sections-document.js'
import type { Versioned } from '../data/versioned-memo.js'
import type { EstimatesDeps } from '../deps.js'

/** Below this a gzip header and a round of deflate cost more than the bytes they save. */
const COMPRESS_FROM_BYTES = 1024

/**
 * Sends an estimate's sections document: named by its version (express answers a matching
 * If-None-Match with 304 and skips hashing ~200 kB for its own ETag), gzipped for a client that
 * accepts it. The gzip is kept with the remembered document, so a version is compressed at most
 * once, and then only its changed sections (see withGzip).
 */
export async function sendSectionsDocument(
  deps: Pick<EstimatesDeps, 'sectionsDocuments'>,
  res: Response,
  estimateId: string,
  document: Versioned<SectionsDocument>,
  acceptsGzip: boolean,
): Promise<void> {
  res.setHeader('ETag', `W/"${estimateId}.${document.version}"`)
  res.setHeader('Vary', 'Accept-Encoding')
  res.type('application/json')
  if (!acceptsGzip || document.value.body.length < COMPRESS_FROM_BYTES) {
    res.send(document.value.body)
    return
  }
  let zipped = document.value
  if (!zipped.gzip) {
    zipped = await withGzip(document.value)
    deps.sectionsDocuments.set(estimateId, { version: document.version, value: zipped })
  }
  res.setHeader('Content-Encoding', 'gzip').send(zipped.gzip)
}
