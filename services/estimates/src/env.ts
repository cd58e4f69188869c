import { z } from 'zod'
import { ZBaseEnv, parseEnv } from '@plumbline/service-kit'

export const ZEstimatesEnv = ZBaseEnv.extend({ PORT: z.coerce.number().int().default(4002) })
export type EstimatesEnv = z.infer<typeof ZEstimatesEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZEstimatesEnv, source)
