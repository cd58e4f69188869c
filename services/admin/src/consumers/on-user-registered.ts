import { Subjects, ZUserRegisteredV1 } from '@plumbline/contracts'
import { recordUserRegistered } from '../usecases/record-user-registered.js'
import { defineConsumer } from './admin-consumer.js'

export const onUserRegistered = defineConsumer({
  durable: 'admin-on-user-registered-v1',
  subject: Subjects.userRegistered,
  dataSchema: ZUserRegisteredV1,
  handle: (tx, event) => recordUserRegistered(tx, event),
})
