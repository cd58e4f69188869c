import type { EventEnvelope, ZEstimateEventV1 } from '@plumbline/contracts'
import type { z } from 'zod'

/** An estimates.estimate.* event as the consumers receive it; a change request also carries the client's message. */
export type EstimateEvent = EventEnvelope<z.infer<typeof ZEstimateEventV1> & { message?: string }>
