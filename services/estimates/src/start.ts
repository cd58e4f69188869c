import type { Closer } from '@plumbline/service-kit'
import { startEstimateDocumentResponder } from './consumers/estimate-document-responder.js'
import { pruneIdempotencyKeys } from './data/idempotency.js'
import type { EstimatesDeps } from './deps.js'
import { seedDemoEstimates } from './seed/seed-demo-estimates.js'
import { seedSystemCatalog } from './seed/seed-system-catalog.js'
import { sendDueReminders } from './usecases/send-due-reminders.js'

const HOUR = 3_600_000

/**
 * The reminder worker: every REMINDER_POLL_SECONDS a pass over the due follow-up reminders. Each
 * replica runs one; the rows' locks (SKIP LOCKED) share the work, and a pass still running when
 * the next tick comes is not doubled.
 */
function startReminderWorker(deps: EstimatesDeps): Closer {
  let running: Promise<unknown> | null = null
  const tick = () => {
    if (running) return
    running = sendDueReminders(deps)
      .catch((err: unknown) => deps.logger.warn({ err: (err as Error).message }, 'reminder pass failed'))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, deps.env.REMINDER_POLL_SECONDS * 1000)
  timer.unref()
  return {
    name: 'reminder-worker',
    close: async () => {
      clearInterval(timer)
      await running
    },
  }
}

/**
 * Start-up work beyond the shared runtime: system catalog (every start), demo data (npm start),
 * an hourly prune of stored Idempotency-Key answers older than a day, the estimate-document
 * responder the ai and documents services ask, and the reminder worker.
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
    startReminderWorker(deps),
  ]
}
