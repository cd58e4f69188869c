import { LogoMessages } from '@plumbline/contracts'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Metadata } from 'sharp'

/** Bounds on an image's declared size, checked from its header before any pixel is decoded. */
export const MAX_LOGO_SIDE = 8000
export const MAX_LOGO_PIXELS = 40_000_000
/** Stored logos are re-encoded to at most this many pixels per side. */
export const STORED_LOGO_SIDE = 1200

export class InvalidImage extends Error {}

export const ImageMessages = {
  invalidType: LogoMessages.invalidType,
  tooManyPixels: `Image dimensions are too large - Please select an image of at most ${MAX_LOGO_SIDE}×${MAX_LOGO_SIDE} pixels`,
  unreadable: 'The image could not be read - Please select a valid PNG or JPEG image',
} as const

export type NormalizedLogo = { bytes: Buffer; mimeType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg'; width: number; height: number }

/**
 * Accepts PNG or JPEG judged by magic bytes only (never the name or the declared type), refuses
 * absurd dimensions from the header, then re-encodes: the stored file carries no metadata and
 * none of the original's bytes (a polyglot's script tail does not survive a re-encode).
 */
export async function normalizeLogo(input: Buffer): Promise<NormalizedLogo> {
  const type = await fileTypeFromBuffer(input)
  if (!type || (type.mime !== 'image/png' && type.mime !== 'image/jpeg')) throw new InvalidImage(ImageMessages.invalidType)
  const limitInputPixels = MAX_LOGO_PIXELS
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw new InvalidImage(ImageMessages.unreadable)
  }
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  if (!width || !height) throw new InvalidImage(ImageMessages.unreadable)
  if (width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE || width * height > MAX_LOGO_PIXELS) throw new InvalidImage(ImageMessages.tooManyPixels)
  const png = type.mime === 'image/png'
  try {
    const pipeline = sharp(input, { limitInputPixels, failOn: 'error' })
      .rotate() // applies EXIF orientation before the metadata is dropped
      .resize({ width: STORED_LOGO_SIDE, height: STORED_LOGO_SIDE, fit: 'inside', withoutEnlargement: true })
    const { data, info } = await (png ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 88, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    })
    return { bytes: data, mimeType: png ? 'image/png' : 'image/jpeg', extension: png ? 'png' : 'jpg', width: info.width, height: info.height }
  } catch {
    throw new InvalidImage(ImageMessages.unreadable)
  }
}
