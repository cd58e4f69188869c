import { z } from 'zod'

/**
 * Monitoring (spec 001 §2 Monitoring, §3 Health and Metrics, §7 health routes). Every service
 * answers `rpc.<service>.health` with a ServiceHealthReport; the admin service asks them all,
 * adds PostgreSQL, Redis and NATS JetStream, and answers GET /api/health/detailed and
 * GET /api/health/metrics from them. 5xx answers and failed jobs travel as one core-NATS
 * notification (OpsSubjects.errorReported) that admin keeps for 24 hours.
 */

export const ZHealthStatus = z.enum(['healthy', 'degraded', 'unhealthy'])
export type HealthStatus = z.infer<typeof ZHealthStatus>

/** The services that answer a health request (BUS_SERVICES in libs/messaging). */
/** Spec 001 §9: the monitoring page refreshes health every 30 seconds, metrics every 60 seconds. */
export const HEALTH_REFRESH_MS = 30_000
export const METRICS_REFRESH_MS = 60_000

export const MONITORED_SERVICES = ['gateway', 'auth', 'estimates', 'ai', 'documents', 'meetings', 'admin'] as const
export type MonitoredService = (typeof MONITORED_SERVICES)[number]

/** The request subject a service's health responder answers. */
export const healthSubject = (service: string) => `rpc.${service}.health`

/** Core NATS notifications: fire-and-forget, never stored in a stream. */
export const OpsSubjects = {
  /** A 5xx answer or a failed job in any service (ZErrorReportedV1). */
  errorReported: 'ops.error.reported.v1',
} as const

/** One readiness check inside a service (database, nats, redis, ...). */
export const ZReadinessResult = z.object({
  component: z.string(),
  status: z.enum(['healthy', 'unhealthy']),
  message: z.string().optional(),
  responseTime: z.number(),
})

/** A durable consumer's state as JetStream reports it. */
export const ZConsumerState = z.object({
  durable: z.string(),
  pending: z.number(),
  ackPending: z.number(),
  redelivered: z.number(),
  deadLettered: z.number(),
})
export type ConsumerState = z.infer<typeof ZConsumerState>

/** The RED counters of a service's prom-client registry, summed over routes. */
export const ZHttpTotals = z.object({
  requests: z.number(),
  serverErrors: z.number(),
  durationSecondsSum: z.number(),
  slowRequests: z.number(),
  /** Cumulative counts per histogram upper bound (seconds), for p95 over an interval. */
  buckets: z.array(z.object({ le: z.number(), count: z.number() })),
})
export type HttpTotals = z.infer<typeof ZHttpTotals>

export const ZServiceHealthReport = z.object({
  service: z.string(),
  /** Which replica answered (host and process): counters are per instance, since it started. */
  instance: z.string().default('unknown'),
  status: z.enum(['healthy', 'unhealthy']),
  checks: z.array(ZReadinessResult),
  uptimeSeconds: z.number(),
  memoryBytes: z.number(),
  http: ZHttpTotals,
  /** Unpublished outbox rows and the oldest one's age; null for the gateway (no outbox). */
  outbox: z.object({ backlog: z.number(), oldestAgeSeconds: z.number().nullable() }).nullable(),
  consumers: z.array(ZConsumerState),
  /** Calls to paid third-party APIs (OpenAI-compatible) since start. */
  externalApiCalls: z.number(),
})
export type ServiceHealthReport = z.infer<typeof ZServiceHealthReport>

export const ZHealthCheck = z.object({
  component: z.string(),
  status: ZHealthStatus,
  message: z.string(),
  responseTime: z.number(),
  details: z.record(z.string(), z.unknown()),
})
export type HealthCheck = z.infer<typeof ZHealthCheck>

export const ZDetailedHealth = z.object({ status: ZHealthStatus, timestamp: z.string(), checks: z.array(ZHealthCheck) })
export type DetailedHealth = z.infer<typeof ZDetailedHealth>

export const ZErrorCategory = z.enum(['http', 'job'])

export const ZErrorReportedV1 = z.object({
  id: z.string(),
  service: z.string(),
  category: ZErrorCategory,
  message: z.string().max(500),
  timestamp: z.string(),
  /** The route (`GET /estimates/:id`) or, for a job, the consumer. */
  endpoint: z.string(),
  /** The trace id when the failure happened inside a trace, else the request id. */
  correlationId: z.string(),
})
export type ErrorReportedV1 = z.infer<typeof ZErrorReportedV1>

export const ZRecentError = ZErrorReportedV1
export type RecentError = ErrorReportedV1

/** One point of the last hour's history, per service. */
export const ZMetricsSample = z.object({
  timestamp: z.string(),
  services: z.array(z.object({ service: z.string(), requestsPerMinute: z.number(), p95Ms: z.number().nullable(), errors: z.number() })),
})
export type MetricsSample = z.infer<typeof ZMetricsSample>

export const ZMonitoringMetrics = z.object({
  businessMetrics: z.object({ estimatesCreated: z.number(), pdfsGenerated: z.number(), activeUsers: z.number(), totalOrganizations: z.number() }),
  performanceMetrics: z.object({
    /** Milliseconds, over every service's requests of the last 5 minutes. */
    avgResponseTime: z.number(),
    /** Percent of the last 5 minutes' requests answered 5xx. */
    errorRate: z.number(),
    /** Percent of services answering now (the history window is what admin has seen, at most 30 days). */
    uptime: z.number(),
    /** Requests slower than 1 second in the last 5 minutes. */
    slowRequests: z.number(),
  }),
  systemMetrics: z.object({ memoryUsage: z.number(), dbConnections: z.number(), queueJobs: z.number(), externalApiCalls: z.number() }),
  recentErrors: z.array(ZRecentError),
  history: z.array(ZMetricsSample),
  /** Where a correlation id can be looked up (TRACE_VIEWER_URL with {traceId}); null when none is configured. */
  traceViewerUrl: z.string().nullable(),
})
export type MonitoringMetrics = z.infer<typeof ZMonitoringMetrics>
