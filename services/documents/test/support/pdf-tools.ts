import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { tmpPdf } from '@plumbline/testing'

export { pdfText } from '@plumbline/testing'

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
