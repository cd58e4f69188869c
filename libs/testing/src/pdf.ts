import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// poppler-utils (Debian): scripts/test.ts installs it with chromium when missing.

/** Writes PDF bytes to a fresh temporary file for the poppler tools; answers its path. */
export function tmpPdf(bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'doc.pdf')
  writeFileSync(path, bytes)
  return path
}

/** The PDF's text in reading order, page by page (pdftotext -layout, UTF-8). */
export const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', tmpPdf(bytes), '-'], { encoding: 'utf8' })
