import sharp from 'sharp'

/**
 * The logo as the PDF draws it: at most 640×256 px (the 160×64 pt box at 300 dpi) and flattened
 * onto white, the paper it sits on. pdfkit must decode and split a PNG's alpha channel in
 * JavaScript on every PDF; an opaque PNG it embeds as it is (docs/adr/0014).
 */
export async function preparePdfLogo(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .resize({ width: 640, height: 256, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 6 })
      .toBuffer()
  } catch {
    // A stored logo that cannot be read must not cost the contractor the PDF.
    return null
  }
}
