import type { Estimate } from '@plumbline/contracts'
import { toast } from '@plumbline/ui'
import { dashboardMetricsQueryKey, parseApiError, usageQueryKey } from '@plumbline/web'
import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { useNavigate } from 'react-router'
import { applyTemplate, createEstimate, newIdempotencyKey, updateEstimate } from '../../components/api/mutations'
import { activitiesKey, estimatesKey } from '../../components/api/query-keys'
import { runAutoGeneration } from './auto-generation'
import { type EstimateFormValues, toEstimatePayload } from './form-schema'
import { AI_SUCCESS_PAUSE_MS, FINALISE_PAUSE_MS, type FlowMode, type FlowStep } from './progress-steps'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Lists that show estimates, activity or usage: refreshed after a create or an update. */
export async function refreshAfterEstimateWrite(qc: ReturnType<typeof useQueryClient>, orgId: string) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: estimatesKey(orgId) }),
    qc.invalidateQueries({ queryKey: activitiesKey(orgId) }),
    qc.invalidateQueries({ queryKey: dashboardMetricsQueryKey(orgId) }),
    qc.invalidateQueries({ queryKey: usageQueryKey(orgId) }),
  ])
}

/**
 * The create/update flow with its progress steps (spec 000 §4). Create: validate, create (with an
 * Idempotency-Key), set up the chosen template (a failure is only logged), generate AI content
 * when autoGenerateAI is on (a failure only shows a notice: the estimate stands), finalise, then
 * open the estimate. Update: validate, update, finalise, callback and toast.
 */
export function useEstimateSubmit({
  orgId,
  mode,
  estimateId,
  autoGenerateAI = false,
  aiSummary = null,
  onDone,
  onUpdated,
  onCreated,
}: {
  orgId: string | null | undefined
  mode: FlowMode
  estimateId?: string
  /** Spec 000 §4 steps 4-5 (create only). */
  autoGenerateAI?: boolean
  /** Text from the manual Generate AI Content action, saved as the estimate's AI summary. */
  aiSummary?: string | null
  onDone: () => void
  onUpdated?: (estimate: Estimate) => void
  onCreated?: (estimate: Estimate) => void
}) {
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [step, setStep] = React.useState<FlowStep>(0)

  const submit = React.useCallback(
    async (values: EstimateFormValues) => {
      if (!orgId) {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to ${mode === 'edit' ? 'update' : 'create'} estimate: Organization ID not available`,
        })
        return
      }
      setStep(1)
      const payload = toEstimatePayload(values, mode, aiSummary)
      let aiOutcome: 'none' | 'generated' | 'failed' = 'none'
      try {
        setStep(2)
        let estimate: Estimate
        if (mode === 'edit' && estimateId) {
          estimate = await updateEstimate(orgId, estimateId, payload)
        } else {
          estimate = await createEstimate(orgId, payload, newIdempotencyKey())
          setStep(3)
          if (values.templateId) {
            try {
              await applyTemplate(orgId, estimate.id, values.templateId)
            } catch (err) {
              // Spec 000 §4: the estimate stands; a template failure is only logged.
              console.error('Failed to apply the starting template', err)
            }
          }
          if (autoGenerateAI) {
            setStep(4)
            aiOutcome = await runAutoGeneration(orgId, estimate.id)
            if (aiOutcome === 'generated') {
              setStep(5)
              await sleep(AI_SUCCESS_PAUSE_MS)
            }
          }
        }
        setStep(6)
        await sleep(FINALISE_PAUSE_MS)
        await refreshAfterEstimateWrite(qc, orgId)
        setStep(0)
        onDone()
        if (mode === 'edit') {
          onUpdated?.(estimate)
          toast({ variant: 'success', title: 'Success', description: 'Estimate updated successfully.' })
        } else {
          // The AI outcome already has its own toast (one toast shows at a time).
          if (aiOutcome === 'none')
            toast({ variant: 'success', title: 'Estimate created', description: 'Your estimate is ready. Add line items, content and share it from here.' })
          if (onCreated) onCreated(estimate)
          else navigate(`/estimates/${encodeURIComponent(estimate.id)}`)
        }
      } catch (err) {
        setStep(0)
        const message = parseApiError(err).message
        toast({
          variant: 'destructive',
          title: 'Error',
          description: mode === 'edit' ? `Failed to update estimate: ${message}` : `Failed to create estimate: ${message}`,
        })
      }
    },
    [orgId, mode, estimateId, autoGenerateAI, aiSummary, qc, navigate, onDone, onUpdated, onCreated],
  )

  return { step, submit, submitting: step > 0 }
}
