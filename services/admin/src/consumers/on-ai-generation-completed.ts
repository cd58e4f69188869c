import { Subjects, ZAiGenerationCompletedV1 } from '@plumbline/contracts'
import { recordUsage } from '../usecases/record-usage.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onAiGenerationCompleted = defineConsumer({
  durable: 'admin-on-ai-generation-completed-v1',
  subject: Subjects.aiGenerationCompleted,
  dataSchema: ZAiGenerationCompletedV1,
  handle: (tx, event) => recordUsage(tx, event, orgIdOf(event), 'ai'),
})
