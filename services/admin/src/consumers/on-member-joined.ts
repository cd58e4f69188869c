import { Subjects, ZMemberJoinedV1 } from '@plumbline/contracts'
import { recordUserRegistered } from '../usecases/record-user-registered.js'
import { defineConsumer } from './admin-consumer.js'

/** An existing account joined an organisation by invitation: the same feed row as a new member. */
export const onMemberJoined = defineConsumer({
  durable: 'admin-on-member-joined-v1',
  subject: Subjects.memberJoined,
  dataSchema: ZMemberJoinedV1,
  handle: (tx, event) => recordUserRegistered(tx, event),
})
