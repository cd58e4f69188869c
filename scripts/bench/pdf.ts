// The documents service's PDF renderer: how long an estimate with 300 line items (~10 pages,
// branded, with a logo) takes from prepared data to PDF bytes, measured in process: rendering is
// pure CPU, and the request around it (two NATS replies, one insert) adds ~2 ms.
// `npx tsx scripts/bench/pdf.ts` runs it alone; scripts/bench.ts may call benchPdf().
import sharp from 'sharp'
import { buildPdfModel } from '../../services/documents/src/domain/pdf-model.js'
import { preparePdfLogo } from '../../services/documents/src/images/prepare-pdf-logo.js'
import { renderEstimatePdf } from '../../services/documents/src/pdf/render-estimate-pdf.js'
import { makeDocument, makeSettings } from '../../services/documents/test/support/fixtures.js'
import { fmt, measure, type Result, timed } from './measure.js'

const RUNS = 60
const TARGET_MS = 500
const LINE_ITEMS = 300

function row(label: string, r: Result) {
  console.log(`  ${label.padEnd(24)} ${fmt(r)}`)
}

export async function benchPdf(): Promise<void> {
  const document = makeDocument({ lineItems: LINE_ITEMS, sectionsCount: 6 })
  const logo = await sharp({ create: { width: 1200, height: 400, channels: 4, background: '#1e3a8a' } })
    .png()
    .toBuffer()
  let pages = 0
  const render = (pageSize: 'Letter' | 'A4', withLogo: boolean) => () =>
    timed(async () => {
      const model = buildPdfModel(document, makeSettings({ estimateTemplateSettings: { pageSize } }))
      // As the service does per request: the stored logo made ready for the PDF, then the render.
      pages = (await renderEstimatePdf(model, withLogo ? await preparePdfLogo(logo) : null)).pages
    })
  console.log(`\nPDF rendering (${LINE_ITEMS} line items in ${document.sections.length} sections; ${RUNS} runs, c=1)`)
  const letter = await measure(render('Letter', true), 1, RUNS, 5)
  row(`Letter + logo (${pages} pages)`, letter)
  const a4 = await measure(render('A4', true), 1, RUNS, 5)
  row(`A4 + logo (${pages} pages)`, a4)
  row('Letter, no logo', await measure(render('Letter', false), 1, RUNS, 5))
  const worst = Math.max(letter.p95, a4.p95)
  console.log(`  target: p95 < ${TARGET_MS} ms → measured ${worst.toFixed(2)} ms ${worst < TARGET_MS ? '(met)' : '(not met)'}`)
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPdf()
