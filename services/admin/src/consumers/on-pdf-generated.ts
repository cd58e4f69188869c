import { Subjects, ZPdfGeneratedV1 } from '@plumbline/contracts'
import { recordUsage } from '../usecases/record-usage.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onPdfGenerated = defineConsumer({
  durable: 'admin-on-pdf-generated-v1',
  subject: Subjects.pdfGenerated,
  dataSchema: ZPdfGeneratedV1,
  handle: (tx, event) => recordUsage(tx, event, orgIdOf(event), 'pdf'),
})
