import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// poppler-utils (Debian): scripts/test.ts installs it with chromium when missing.

function tmpPdf(bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'doc.pdf')
  writeFileSync(path, bytes)
  return path
}

/** The PDF's text in reading order, page by page. */
export const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', tmpPdf(bytes), '-'], { encoding: 'utf8' })

/** pdfinfo's facts: Pages, Page size, Title, … */
export function pdfInfo(bytes: Buffer): Record<string, string> {
  const out = execFileSync('pdfinfo', [tmpPdf(bytes)], { encoding: 'utf8' })
  return Object.fromEntries(
    out
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
  )
}

/** Renders page 1 at 60 dpi to /tmp/pdf-shots/<name>-1.png (for a human to look at); answers the path. */
export function shootFirstPage(bytes: Buffer, name: string): string {
  mkdirSync('/tmp/pdf-shots', { recursive: true })
  const prefix = join('/tmp/pdf-shots', name)
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', tmpPdf(bytes), prefix])
  return `${prefix}-1.png`
}
