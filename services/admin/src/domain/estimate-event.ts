import type { EventEnvelope, ZEstimateEventV1 } from '@plumbline/contracts'
import type { z } from 'zod'

/** An estimates.estimate.* event as the consumers receive it. */
export type EstimateEvent = EventEnvelope<z.infer<typeof ZEstimateEventV1>>
