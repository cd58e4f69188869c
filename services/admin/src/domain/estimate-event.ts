import type { z } from 'zod'
import type { EventEnvelope, ZEstimateEventV1 } from '@plumbline/contracts'

/** An estimates.estimate.* event as the consumers receive it. */
export type EstimateEvent = EventEnvelope<z.infer<typeof ZEstimateEventV1>>
