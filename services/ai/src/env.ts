import { z } from 'zod'
import { ZBaseEnv, parseEnv } from '@plumbline/service-kit'

export const ZAiEnv = ZBaseEnv.extend({ PORT: z.coerce.number().int().default(4003) })
export type AiEnv = z.infer<typeof ZAiEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZAiEnv, source)
