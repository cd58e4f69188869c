import { randomBytes } from 'node:crypto'
import { healthSubject, MailSubjects, MeetingSubjects, OpsSubjects, QuotaSubjects, RequestSubjects, Subjects } from '@plumbline/contracts'
import { consumerName, DLQ_OWNER, ownerOf, prefixSubject, streamName } from './names.js'

/**
 * Who may do what on the bus (security probe 2026-11-24, finding 5: with no NATS auth any local
 * process could answer or read `rpc.estimates.document.get` for any tenant). Each service
 * connects as its own NATS user whose permissions allow only what its code does. This table
 * is the one place that says so; `natsServerConfig` turns it into nats-server's
 * `authorization` block (deploy/nats/nats-server.conf, checked by a test to be the generated
 * one), and libs/messaging/test/bus-permissions.test.ts checks each service's user can do its
 * work and nothing else. Taken from the code: each service's own stream (the service-kit runtime
 * calls ensureStream(bus, schema) and relays its outbox to `<owner>.>`), its durable consumers
 * (services/<name>/src/events), its reply handlers (`reply(...)`) and its requests
 * (`request(...)`, including service-kit's fetchCompanySettings). A new subject, consumer or
 * request needs a line here, else the server refuses it.
 */
export type BusGrant = {
  /** Owns the stream `<NAME>` capturing `<name>.>` and publishes its events there. */
  ownsStream: boolean
  /** Durable JetStream consumers: name and filter subject (its first token names the stream). */
  consumes: { durable: string; subject: string }[]
  /** Request subjects it answers (queue subscription; replies go to the requester's inbox). */
  replies: string[]
  /** Request subjects it sends. */
  requests: string[]
  /** Core NATS notifications it publishes (fire-and-forget, no stream). */
  notifies?: string[]
  /** Core NATS notifications it subscribes to. */
  listens?: string[]
}

export const BUS_SERVICES = ['gateway', 'auth', 'estimates', 'ai', 'documents', 'meetings', 'admin'] as const
export type BusService = (typeof BUS_SERVICES)[number]

const onAdmin = (subject: string, name: string) => ({ durable: `admin-on-${name}-v1`, subject })

const GRANTS: Record<BusService, BusGrant> = {
  // Identity look-ups for sessions (session/bus-identity-lookup.ts); no stream of its own.
  gateway: { ownsStream: false, consumes: [], replies: [], requests: [RequestSubjects.resolveIdentity] },
  auth: {
    ownsStream: true,
    // The one mailer (DESIGN §11): other services' mail requests, PDFs for attachments from documents.
    consumes: [
      { durable: 'auth-mail-on-estimates-mail-requested-v1', subject: MailSubjects.estimates },
      { durable: 'auth-mail-on-admin-mail-requested-v1', subject: MailSubjects.admin },
    ],
    replies: [RequestSubjects.resolveIdentity],
    requests: [RequestSubjects.estimatePdf],
  },
  estimates: {
    ownsStream: true,
    consumes: [{ durable: 'estimates-on-ai-generation-completed-v1', subject: Subjects.aiGenerationCompleted }],
    replies: [RequestSubjects.estimateDocument],
    requests: [RequestSubjects.quotaCheck, RequestSubjects.resolveIdentity, RequestSubjects.companySettings],
    // Cached quota answers are dropped on admin's notice (service-kit's checkQuota).
    listens: [QuotaSubjects.limitsChanged],
  },
  ai: {
    ownsStream: true,
    // The job queue lives in ai's own stream (services/ai/src/events/subjects.ts).
    consumes: [{ durable: 'ai-job-worker', subject: 'ai.job.requested.v1' }],
    replies: [RequestSubjects.summarizeMeeting],
    requests: [RequestSubjects.quotaCheck, RequestSubjects.estimateDocument, RequestSubjects.companySettings],
    // Cached quota answers are dropped on admin's notice (service-kit's checkQuota).
    listens: [QuotaSubjects.limitsChanged],
  },
  documents: {
    ownsStream: true,
    consumes: [],
    replies: [RequestSubjects.fetchLogoUrl, RequestSubjects.estimatePdf],
    requests: [RequestSubjects.quotaCheck, RequestSubjects.setCompanyLogo, RequestSubjects.estimateDocument, RequestSubjects.companySettings],
    // Cached quota answers are dropped on admin's notice (service-kit's checkQuota).
    listens: [QuotaSubjects.limitsChanged],
  },
  meetings: {
    ownsStream: true,
    // The transcription queue lives in meetings' own stream (services/meetings/src/events/subjects.ts).
    consumes: [{ durable: 'meetings-transcription-worker', subject: 'meetings.transcription.requested.v1' }],
    replies: [],
    // A task's estimate and assignee are checked with their owners (usecases/task-links.ts).
    requests: [RequestSubjects.summarizeMeeting, RequestSubjects.estimateDocument, RequestSubjects.resolveIdentity],
  },
  admin: {
    ownsStream: true,
    consumes: [
      onAdmin(Subjects.estimateCreated, 'estimate-created'),
      onAdmin(Subjects.estimateDeleted, 'estimate-deleted'),
      onAdmin(Subjects.estimateUpdated, 'estimate-updated'),
      onAdmin(Subjects.estimateShared, 'estimate-shared'),
      onAdmin(Subjects.estimateApproved, 'estimate-approved'),
      onAdmin(Subjects.userRegistered, 'user-registered'),
      onAdmin(Subjects.memberJoined, 'member-joined'),
      onAdmin(Subjects.userDeleted, 'user-deleted'),
      onAdmin(Subjects.organizationCreated, 'organization-created'),
      onAdmin(Subjects.adminActionRecorded, 'admin-action-recorded'),
      onAdmin(Subjects.aiGenerationCompleted, 'ai-generation-completed'),
      onAdmin(Subjects.pdfGenerated, 'pdf-generated'),
      onAdmin(MeetingSubjects.created, 'meeting-created'),
      onAdmin(MeetingSubjects.completed, 'meeting-completed'),
      onAdmin(MeetingSubjects.deleted, 'meeting-deleted'),
      // The notification bell: all of an estimate's (and a task's) events on one durable, in order.
      { durable: 'admin-notifications-on-estimate-events-v1', subject: 'estimates.estimate.>' },
      { durable: 'admin-notifications-on-task-events-v1', subject: 'meetings.task.>' },
      { durable: 'admin-notifications-on-meeting-completed-v1', subject: MeetingSubjects.completed },
    ],
    replies: [RequestSubjects.quotaCheck, RequestSubjects.companySettings, RequestSubjects.setCompanyLogo],
    requests: [RequestSubjects.fetchLogoUrl],
    notifies: [QuotaSubjects.limitsChanged],
  },
}

/**
 * Monitoring, the same for every service: each answers its own `rpc.<service>.health`
 * and reports its 5xx answers and failed jobs on `ops.error.reported.v1`; admin asks every
 * service for its health and keeps the reported errors.
 */
function withMonitoring(service: BusService, grant: BusGrant): BusGrant {
  const isAdmin = service === 'admin'
  return {
    ...grant,
    replies: [...grant.replies, healthSubject(service)],
    requests: isAdmin ? [...grant.requests, ...BUS_SERVICES.map(healthSubject)] : grant.requests,
    notifies: [...(grant.notifies ?? []), OpsSubjects.errorReported],
    listens: isAdmin ? [...(grant.listens ?? []), OpsSubjects.errorReported] : grant.listens,
  }
}

export const BUS_GRANTS: Record<BusService, BusGrant> = Object.fromEntries(
  BUS_SERVICES.map((service) => [service, withMonitoring(service, GRANTS[service])]),
) as Record<BusService, BusGrant>

/**
 * The inbox prefix of a service's connection: replies to its requests, JetStream API answers
 * and pull-consumer deliveries arrive under it. Per service, so no user may subscribe to
 * another's replies (a shared `_INBOX.>` would let any service read every RPC answer).
 */
export const inboxPrefixOf = (service: string) => `_INBOX_${service.replace(/[^A-Za-z0-9_-]/g, '_')}`

/** The environment variable holding a service user's password in nats-server's config. */
export const natsPasswordVariable = (service: BusService) => `NATS_PASSWORD_${service.toUpperCase()}`

/**
 * nats-server reads `$NATS_PASSWORD_<SERVICE>` from its environment as an unquoted config token, so
 * a value starting with a digit is parsed as a number and the server refuses to start ("Expected a
 * digit"). Passwords therefore start with a letter and hold only letters, digits, '-' and '_'.
 */
export const NATS_PASSWORD_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{15,}$/

/** A fresh NATS password in the form nats-server can read (see NATS_PASSWORD_PATTERN). */
export const newNatsPassword = (): string => `n${randomBytes(24).toString('hex')}`

export type SubjectPermissions = { publish: string[]; subscribe: string[] }

/** The subjects one service's user may publish and subscribe to (with the bus prefix, '' in production). */
export function busPermissions(service: BusService, prefix = ''): SubjectPermissions {
  const grant = BUS_GRANTS[service]
  const subject = (s: string) => prefixSubject(prefix, s)
  const stream = (owner: string) => streamName(prefix, owner)
  const api = (s: string) => `$JS.API.${s}`
  const publish = new Set<string>([api('INFO')])
  const subscribe = new Set<string>([`${inboxPrefixOf(service)}.>`])
  const manageStream = (owner: string) => {
    for (const op of ['CREATE', 'UPDATE', 'INFO']) publish.add(api(`STREAM.${op}.${stream(owner)}`))
  }
  if (grant.ownsStream || grant.consumes.length) manageStream(DLQ_OWNER) // ensureStream also keeps the shared DLQ stream
  if (grant.ownsStream) {
    publish.add(subject(`${service}.>`))
    manageStream(service)
  }
  for (const { durable, subject: filter } of grant.consumes) {
    const owner = ownerOf(filter)
    const s = stream(owner)
    const name = consumerName(prefix, durable)
    // ensureStreamExists: a consumer may find, or first create, the owner's stream, never change it.
    if (owner !== service) for (const op of ['INFO', 'CREATE']) publish.add(api(`STREAM.${op}.${s}`))
    publish.add(api(`CONSUMER.INFO.${s}.${name}`))
    // nats.js names the filter subject after the consumer on servers ≥ 2.9; older servers use DURABLE.CREATE.
    publish.add(api(`CONSUMER.CREATE.${s}.${name}`))
    publish.add(api(`CONSUMER.CREATE.${s}.${name}.>`))
    publish.add(api(`CONSUMER.DURABLE.CREATE.${s}.${name}`))
    publish.add(api(`CONSUMER.MSG.NEXT.${s}.${name}`))
    publish.add(`$JS.ACK.${s}.${name}.>`)
    publish.add(subject(`${DLQ_OWNER}.${durable}`))
  }
  for (const r of grant.requests) publish.add(subject(r))
  for (const r of grant.replies) subscribe.add(subject(r))
  for (const n of grant.notifies ?? []) publish.add(subject(n))
  for (const n of grant.listens ?? []) subscribe.add(subject(n))
  return { publish: [...publish], subscribe: [...subscribe] }
}

const quote = (s: string) => JSON.stringify(s)
const list = (items: string[], indent: string) => `[\n${items.map((i) => `${indent}  ${quote(i)}`).join(',\n')}\n${indent}]`

function userBlock(service: BusService, prefix: string): string {
  const { publish, subscribe } = busPermissions(service, prefix)
  const answers = BUS_GRANTS[service].replies.length > 0
  return [
    '    {',
    `      user: ${quote(service)}`,
    `      password: $${natsPasswordVariable(service)}`,
    '      permissions: {',
    `        publish: { allow: ${list(publish, '        ')} }`,
    `        subscribe: { allow: ${list(subscribe, '        ')} }`,
    // Lets a replier publish its one answer to the requester's inbox, and nothing else there.
    ...(answers ? ['        allow_responses: { max: 1, expires: "1m" }'] : []),
    '      }',
    '    }',
  ].join('\n')
}

/**
 * nats-server's configuration for production: JetStream plus one user per service with the
 * permissions above. Passwords come from the server's environment (NATS_PASSWORD_<SERVICE>);
 * nats-server refuses to start when one is missing, and there is no user without a password.
 */
export function natsServerConfig(prefix = ''): string {
  return `# Generated by libs/messaging/src/permissions.ts (natsServerConfig); do not edit by hand.
# Regenerate: npm run -w @plumbline/messaging nats-config
# One user per service, allowed only its own subjects (security probe 2026-11-24, finding 5).
# The server's environment must hold ${BUS_SERVICES.map((s) => natsPasswordVariable(s as BusService)).join(', ')};
# each service gets NATS_USER=<service> and NATS_PASSWORD=<the same value>.

port: 4222

# The store directory comes from the command line (-sd /data), as docker-compose runs it now.
jetstream: enabled

authorization {
  users: [
${BUS_SERVICES.map((s) => userBlock(s, prefix)).join(',\n')}
  ]
}
`
}
