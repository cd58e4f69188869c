import { MailSubjects, ZMailRequestedV1 } from '@plumbline/contracts'
import { consume, type EventConsumer } from '@plumbline/messaging'
import type { AuthDeps } from '../deps.js'
import { deliverMailRequest, type MailHooks } from '../usecases/deliver-mail-request.js'

/** One durable per producing service's mail requests. */
const MAIL_CONSUMERS = [
  { durable: 'auth-mail-on-estimates-mail-requested-v1', subject: MailSubjects.estimates },
  { durable: 'auth-mail-on-admin-mail-requested-v1', subject: MailSubjects.admin },
] as const

/** Durable consumers of other services' mail requests. */
export async function startMailConsumers(deps: AuthDeps, hooks: MailHooks = {}): Promise<EventConsumer[]> {
  const consumers: EventConsumer[] = []
  for (const { durable, subject } of MAIL_CONSUMERS) {
    consumers.push(
      await consume({
        bus: deps.bus,
        // Longer than Prisma's 5 s default: the handler waits for a PDF and for the SMTP server.
        runInTransaction: (fn) => deps.prisma.$transaction(fn, { timeout: 90_000, maxWait: 10_000 }),
        schema: deps.schema,
        durable,
        subject,
        dataSchema: ZMailRequestedV1,
        logger: deps.logger,
        ackWaitMs: 120_000,
        handler: async (event) => {
          await deliverMailRequest(deps, { id: event.id, orgId: event.orgId, data: event.data }, hooks)
        },
      }),
    )
  }
  return consumers
}
