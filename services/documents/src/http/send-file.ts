import type { Request, Response } from 'express'

/** ASCII-only, quote-free file name for Content-Disposition; the UTF-8 form goes in filename*. */
export function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;\r\n]/g, '')
      .trim() || 'file'
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

const CACHE_CONTROL = {
  'no-store': 'no-store',
  private: 'private, max-age=300, must-revalidate',
  // The client's share page: any cache may keep it briefly; the page's URL changes with a new logo.
  public: 'public, max-age=300, must-revalidate',
} as const

/**
 * Serves stored bytes with their recorded type (never sniffed) and inline with a safe name.
 * Images also get a CSP that runs nothing (a sandbox would stop browsers' PDF viewers, so PDFs
 * do without) and revalidate by ETag (304 when unchanged).
 */
export function sendStoredFile(
  req: Request,
  res: Response,
  file: { name: string; mimeType: string; sha256: string },
  bytes: Buffer,
  opts: { cache: 'no-store' | 'private' | 'public' },
): void {
  if (file.mimeType.startsWith('image/')) res.set('Content-Security-Policy', "default-src 'none'; sandbox")
  res.set({
    'Content-Type': file.mimeType,
    'Content-Length': String(bytes.length),
    'Content-Disposition': contentDisposition(file.name),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': CACHE_CONTROL[opts.cache],
    ETag: `"${file.sha256}"`,
  })
  const etag = `"${file.sha256}"`
  const ifNoneMatch = req.header('if-none-match')
  if (opts.cache !== 'no-store' && ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    res.status(304).end()
    return
  }
  res.status(200).end(bytes)
}
