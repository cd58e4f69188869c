import { parseEnv, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'

export const ZMeetingsEnv = ZBaseEnv.extend({ PORT: z.coerce.number().int().default(4005) })
export type MeetingsEnv = z.infer<typeof ZMeetingsEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZMeetingsEnv, source)
