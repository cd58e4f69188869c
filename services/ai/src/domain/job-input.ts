import { ZCompanySettings, ZEstimateDocument } from '@plumbline/contracts'
import { z } from 'zod'

/**
 * What a writer works from: the estimate's document (from the estimates service) and the
 * organisation's company settings (from admin), read once when the work is requested. A job
 * stores it, so a redelivered job writes from the same facts and needs neither service to be up.
 */
export const ZJobInput = z.object({ document: ZEstimateDocument, settings: ZCompanySettings })
export type JobInput = z.infer<typeof ZJobInput>
