import type { FetchLogoUrlReply } from '@plumbline/contracts'
import { deleteFilesOfKind, saveFile } from '../data/files-repo.js'
import type { DocumentsDeps } from '../deps.js'
import { ImageMessages, InvalidImage, normalizeLogo } from '../images/normalize-logo.js'
import { FetchRefused, safeFetch } from '../net/safe-fetch.js'

export const URL_NOT_IMAGE = 'Logo URL did not return a PNG or JPEG image'

/**
 * Admin asks before saving a logo URL: fetch it safely (src/net/safe-fetch.ts), accept only a
 * PNG or JPEG of sane dimensions, and keep a re-encoded copy for the PDF (named by the URL, so
 * a later URL never reuses an older copy). Every refusal answers a message for the screen.
 */
export async function fetchLogoUrl(deps: DocumentsDeps, input: { orgId: string; url: string }): Promise<FetchLogoUrlReply> {
  let body: Buffer
  try {
    body = await safeFetch(input.url.trim(), { allowAddress: deps.logoFetch.allowAddress, ca: deps.logoFetch.ca, timeoutMs: deps.env.LOGO_FETCH_TIMEOUT_MS })
  } catch (err) {
    if (err instanceof FetchRefused) return { ok: false, message: err.message }
    deps.logger.warn({ orgId: input.orgId, err: (err as Error).message }, 'logo URL fetch failed')
    return { ok: false, message: 'Logo URL could not be fetched' }
  }
  let logo: Awaited<ReturnType<typeof normalizeLogo>>
  try {
    logo = await normalizeLogo(body)
  } catch (err) {
    if (err instanceof InvalidImage)
      return { ok: false, message: err.message === ImageMessages.tooManyPixels ? 'Logo URL image dimensions are too large' : URL_NOT_IMAGE }
    throw err
  }
  const file = await saveFile(deps.prisma, deps.storage, {
    orgId: input.orgId,
    kind: 'logo_url',
    name: input.url.trim(),
    mimeType: logo.mimeType,
    bytes: logo.bytes,
  })
  await deleteFilesOfKind(deps.prisma, deps.storage, input.orgId, 'logo_url', file.id)
  return { ok: true }
}
