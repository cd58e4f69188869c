import type { JobStatus } from '@plumbline/contracts'
import { toast } from '@plumbline/ui'
import * as React from 'react'
import { cancelJob, generateAllContent } from '../../../../components/ai/ai-api'
import { JobError, POLL_MAX_ATTEMPTS } from '../../../../components/ai/poll-job'
import { isLockedError, reportMutationError, toastError } from '../../data/errors'
import { useInvalidateEstimate } from '../../data/queries'

export type GenerateAllProgress = {
  phase: 'starting' | 'polling' | 'saving'
  jobStatus: JobStatus | null
  attempt: number
  maxAttempts: number
}

/**
 * Generate All Content on the detail page (spec 001 §2, 000 §4): start the job, poll it (shared
 * rules in poll-job.ts), save each non-empty block, refresh. Cancel asks the server to stop the
 * job and stops waiting at once.
 */
export function useGenerateAll(orgId: string, estimateId: string, writerLabel: (writer: string) => string | null) {
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
      await invalidate.estimate()
      const by = writerLabel(result.writer)
      toast({
        variant: 'success',
        title: 'AI content generated',
        description: `${saved.length} section${saved.length === 1 ? '' : 's'} written.${by ? ` Written by: ${by}` : ''}`,
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
  }, [orgId, estimateId, invalidate, writerLabel])

  const cancel = React.useCallback(() => {
    const id = jobId.current
    cancelledByUser.current = true
    controller.current?.abort()
    if (id) void cancelJob(orgId, id).catch((err) => console.error('Failed to cancel the AI job', err))
  }, [orgId])

  return { start, cancel, progress, running: progress !== null }
}
