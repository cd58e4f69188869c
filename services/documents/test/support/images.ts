import { crc32 } from 'node:zlib'
import sharp from 'sharp'

// Test images made here: real PNG/JPEG from sharp, and hostile inputs crafted byte by byte.

export const pngBytes = (width = 400, height = 160, color = '#1e3a8a') =>
  sharp({ create: { width, height, channels: 4, background: color } })
    .png()
    .toBuffer()

export const jpegBytes = (width = 400, height = 160) =>
  sharp({ create: { width, height, channels: 3, background: '#b45309' } })
    .jpeg()
    .toBuffer()

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([len, body, crc])
}

/** A valid PNG signature and IHDR claiming width × height, with a token IDAT: decoding would need gigabytes. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
export const HTML_BYTES = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
export const SVG_BYTES = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
)
/** A tiny GIF with HTML and script appended after its trailer (a classic polyglot). */
export const GIF_WITH_SCRIPT = Buffer.concat([
  Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'),
  Buffer.from('<script>alert("gif")</script>'),
])
