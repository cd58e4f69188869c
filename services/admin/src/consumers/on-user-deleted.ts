import { Subjects, ZUserDeletedV1 } from '@plumbline/contracts'
import { forgetUser } from '../usecases/forget-user.js'
import { defineConsumer } from './admin-consumer.js'

export const onUserDeleted = defineConsumer({
  durable: 'admin-on-user-deleted-v1',
  subject: Subjects.userDeleted,
  dataSchema: ZUserDeletedV1,
  handle: (tx, event) => forgetUser(tx, event.data.userId),
})
