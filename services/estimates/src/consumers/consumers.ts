import { Subjects, ZAiGenerationCompletedV1 } from '@plumbline/contracts'
import { consume, type EventConsumer, type SqlTx } from '@plumbline/messaging'
import type { Tx } from '../data/db.js'
import type { EstimatesDeps } from '../deps.js'
import { fillGeneratedContent } from '../usecases/fill-generated-content.js'

/** Durable consumers of the estimates service (idempotent: libs/messaging records each event id). */
export async function startEstimatesConsumers(deps: Pick<EstimatesDeps, 'bus' | 'runInTransaction' | 'schema' | 'logger'>): Promise<EventConsumer[]> {
  const onAiGenerationCompleted = await consume({
    bus: deps.bus,
    runInTransaction: deps.runInTransaction,
    schema: deps.schema,
    durable: 'estimates-on-ai-generation-completed-v1',
    subject: Subjects.aiGenerationCompleted,
    dataSchema: ZAiGenerationCompletedV1,
    logger: deps.logger,
    handler: async (event, tx: SqlTx) => {
      await fillGeneratedContent(tx as unknown as Tx, event)
    },
  })
  return [onAiGenerationCompleted]
}
