import { z } from 'zod'
import { ZBaseEnv, parseEnv } from '@plumbline/service-kit'

export const ZDocumentsEnv = ZBaseEnv.extend({ PORT: z.coerce.number().int().default(4004) })
export type DocumentsEnv = z.infer<typeof ZDocumentsEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZDocumentsEnv, source)
