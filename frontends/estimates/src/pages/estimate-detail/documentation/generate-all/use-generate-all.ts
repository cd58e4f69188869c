import type { JobStatus } from '@plumbline/contracts'
import { toast } from '@plumbline/ui'
import * as React from 'react'
import { cancelJob, generateAllContent } from '../../../../data/ai'
import { isLockedError, reportMutationError, toastError } from '../../../../data/errors'
import { JobError, POLL_MAX_ATTEMPTS } from '../../../../data/poll-job'
import { useInvalidateEstimate } from '../../../../data/queries'

/** What a shared estimate's generated sections wait for (the server turned their Show to client off). */
export const HIDDEN_UNTIL_REVIEWED = 'Your client does not see the new text until you review each section and turn Show to client back on.'

export type GenerateAllProgress = {
  phase: 'starting' | 'polling' | 'saving'
  jobStatus: JobStatus | null
  attempt: number
  maxAttempts: number
}

/**
 * Generate All Content on the detail page (spec 001 §2, 000 §4): start the job, poll it (shared
 * rules in poll-job.ts), wait for the server to write its blocks (the browser never writes
 * generated sections), refresh. Cancel asks the server to stop the
 * job and stops waiting at once. On a shared estimate the server keeps the new sections off the
 * client's page until the contractor shows them again: the toast says so.
 */
export function useGenerateAll(orgId: string, estimateId: string, writerLabel: (writer: string) => string | null, shared = false) {
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const [progress, setProgress] = React.useState<GenerateAllProgress | null>(null)
  const controller = React.useRef<AbortController | null>(null)
  const jobId = React.useRef<string | null>(null)
  const cancelledByUser = React.useRef(false)

  // Leaving the page stops the polling (the server-side job still completes and saves).
  React.useEffect(() => () => controller.current?.abort(), [])

  const start = React.useCallback(async () => {
    if (controller.current) return
    const ctrl = new AbortController()
    controller.current = ctrl
    jobId.current = null
    cancelledByUser.current = false
    setProgress({ phase: 'starting', jobStatus: null, attempt: 0, maxAttempts: POLL_MAX_ATTEMPTS })
    try {
      const { result, saved } = await generateAllContent(orgId, estimateId, {
        signal: ctrl.signal,
        onJobId: (id) => {
          jobId.current = id
          setProgress((p) => p && { ...p, phase: 'polling' })
        },
        onStatus: (s, attempt) => setProgress((p) => p && { ...p, phase: s.status === 'completed' ? 'saving' : 'polling', jobStatus: s.status, attempt }),
      })
      await Promise.all([invalidate.estimate(), invalidate.contentLinks()])
      const by = writerLabel(result.writer)
      toast({
        variant: 'success',
        title: 'AI content generated',
        description: `${saved.length} section${saved.length === 1 ? '' : 's'} written.${by ? ` Written by: ${by}` : ''}${shared && saved.length ? ` ${HIDDEN_UNTIL_REVIEWED}` : ''}`,
      })
    } catch (err) {
      if (err instanceof JobError && (err.reason === 'aborted' || err.reason === 'cancelled')) {
        // An abort on leaving the page is silent; a cancel by the user or the server is reported.
        if (err.reason === 'cancelled' || cancelledByUser.current) toast({ title: 'Generation cancelled', description: err.message })
      } else if (isLockedError(err)) {
        reportMutationError(err, '', () => void invalidate.estimate())
      } else {
        console.error('Generate All Content failed', err)
        toastError('Failed to generate AI content.')
      }
      // Some blocks may have been saved server-side before the failure.
      void invalidate.estimate()
    } finally {
      controller.current = null
      setProgress(null)
    }
  }, [orgId, estimateId, invalidate, writerLabel, shared])

  const cancel = React.useCallback(() => {
    const id = jobId.current
    cancelledByUser.current = true
    controller.current?.abort()
    if (id) void cancelJob(orgId, id).catch((err) => console.error('Failed to cancel the AI job', err))
  }, [orgId])

  return { start, cancel, progress, running: progress !== null }
}
