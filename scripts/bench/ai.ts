// The ai service's built-in writer: how long generate-all takes for a realistic estimate (10
// sections × 30 line items, phases, markup and tax, notes and a meeting transcript), measured
// in process: the writer is pure CPU, so the stack around it would only add noise.
// `npx tsx scripts/bench/ai.ts` runs it alone; scripts/bench.ts may call benchAi().
import { CONTENT_SECTION_TYPES } from '@plumbline/contracts'
import { estimateFacts } from '../../services/ai/src/domain/estimate-facts.js'
import { ZJobInput } from '../../services/ai/src/domain/job-input.js'
import { buildPrompt } from '../../services/ai/src/prompts/build-prompt.js'
import { createBuiltInWriter } from '../../services/ai/src/providers/builtin-writer.js'
import { companySettings, largeDocument } from '../../services/ai/test/support/fixtures.js'
import { fmt, measure, type Result, timed } from './measure.js'

const RUNS = 200
const TARGET_MS = 200

function row(label: string, r: Result) {
  console.log(`  ${label.padEnd(24)} ${fmt(r)}`)
}

export async function benchAi(): Promise<void> {
  const writer = createBuiltInWriter()
  const document = largeDocument(10, 30)
  document.estimate.meetingTranscript = Array.from(
    { length: 40 },
    (_, i) => `Client: We would like item ${i} finished before the holidays. Contractor: Noted, we will schedule it.`,
  ).join('\n')
  const input = ZJobInput.parse({ document, settings: companySettings() })
  const items = document.sections.reduce((n, s) => n + s.lineItems.length, 0)

  // What a job does for its five sections, from the stored input (no database, no bus).
  const generateAll = () =>
    timed(async () => {
      const facts = estimateFacts(input)
      const prompt = buildPrompt(input.settings, facts)
      for (const type of CONTENT_SECTION_TYPES) await writer.writeSection({ type, facts, prompt })
    })
  const facts = estimateFacts(input)
  const prompt = buildPrompt(input.settings, facts)
  const current = await writer.writeSection({ type: 'scope_of_work', facts, prompt })
  const chat = () =>
    timed(() =>
      writer.chat({
        type: 'scope_of_work',
        facts,
        prompt,
        currentText: current,
        message: 'make it shorter and more formal, and mention the warranty',
        history: [],
      }),
    )
  const freeform = () =>
    timed(() =>
      writer.writeFreeform({
        prompt: 'Project Name: Oak St Kitchen\nClient: Sam Lee\nAddress: 4 Oak St\nTotal Cost: $42,000',
        projectType: 'Kitchen Remodel',
        propertyData: { property: { yearBuilt: 1987 } },
        settings: input.settings,
      }),
    )

  console.log(`\nAI built-in writer (${items} line items in ${document.sections.length} sections, ${document.phases.length} phases; ${RUNS} runs, c=1)`)
  const all = await measure(generateAll, 1, RUNS, 20)
  row('generate-all (5 sections)', all)
  row('chat edit', await measure(chat, 1, RUNS, 20))
  row('free prompt (preview)', await measure(freeform, 1, RUNS, 20))
  console.log(`  target: generate-all p95 < ${TARGET_MS} ms → measured ${all.p95.toFixed(2)} ms ${all.p95 < TARGET_MS ? '(met)' : '(not met)'}`)
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAi()
