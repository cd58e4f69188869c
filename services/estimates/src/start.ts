import type { Closer } from '@plumbline/service-kit'
import { pruneIdempotencyKeys } from './data/idempotency.js'
import type { EstimatesDeps } from './deps.js'
import { startEstimateDocumentResponder } from './events/estimate-document-responder.js'
import { seedDemoEstimates } from './seed/seed-demo-estimates.js'
import { seedSystemCatalog } from './seed/seed-system-catalog.js'

const HOUR = 3_600_000

/**
 * Start-up work beyond the shared runtime: system catalog (every start), demo data (npm start),
 * an hourly prune of stored Idempotency-Key answers older than a day, and the estimate-document
 * responder the ai and documents services ask.
 */
export async function startEstimates(deps: EstimatesDeps): Promise<Closer[]> {
  await seedSystemCatalog(deps.prisma)
  if (deps.env.SEED_DEMO) await seedDemoEstimates(deps)
  const prune = () =>
    void pruneIdempotencyKeys(deps.prisma).catch((err: unknown) => deps.logger.warn({ err: (err as Error).message }, 'idempotency prune failed'))
  prune()
  const timer = setInterval(prune, HOUR)
  timer.unref()
  const documents = startEstimateDocumentResponder(deps)
  return [
    { name: 'idempotency-prune', close: () => clearInterval(timer) },
    { name: 'estimate-document-responder', close: () => documents.stop() },
  ]
}
