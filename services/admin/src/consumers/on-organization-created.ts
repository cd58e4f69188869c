import { Subjects, ZOrganizationCreatedV1 } from '@plumbline/contracts'
import { rememberOrganization } from '../data/organizations-repo.js'
import { defineConsumer } from './admin-consumer.js'

/** Names every organisation for the subscription overrides table. */
export const onOrganizationCreated = defineConsumer({
  durable: 'admin-on-organization-created-v1',
  subject: Subjects.organizationCreated,
  dataSchema: ZOrganizationCreatedV1,
  handle: (tx, event) => rememberOrganization(tx, event.data.organizationId, event.data.name),
})
