import * as api from '@plumbline/contracts/api-paths'
import { Button, Spinner, toast } from '@plumbline/ui'
import { callApi, useBlockedReason } from '@plumbline/web'
import { useQueryClient } from '@tanstack/react-query'
import { Copy, Trash2 } from 'lucide-react'
import * as React from 'react'
import { useNavigate } from 'react-router'
import { serverMessage, toastError } from '../../../data/errors'
import { estimatesKey } from '../../../data/keys'
import { useConfirm } from '../common/confirm-dialog'
import { DisabledWithTooltip } from '../common/disabled-with-tooltip'
import { useDetail } from '../detail-context'

/**
 * Clone (spec 001 §6 contractor mode): POST …/clone makes a new draft with the same details,
 * content, phases, line items and profiles (no share link, no approval) and opens it.
 */
export function CloneEstimateButton() {
  const { orgId, estimateId } = useDetail()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = React.useState(false)
  const blocked = useBlockedReason('cost_estimator', 'create', 'clone estimates')
  const clone = async () => {
    setBusy(true)
    try {
      const copy = await callApi(api.postEstimatesClone, { params: { orgId, id: estimateId } })
      await qc.invalidateQueries({ queryKey: estimatesKey(orgId) })
      toast({ variant: 'success', title: 'Estimate cloned', description: `“${copy.projectName}” is a new draft.` })
      navigate(`/estimates/${encodeURIComponent(copy.id)}`)
    } catch (err) {
      toastError(serverMessage(err) ?? 'Failed to clone estimate')
    } finally {
      setBusy(false)
    }
  }
  if (blocked) return <BlockedAction reason={blocked} icon={<Copy />} label="Clone" />
  return (
    <Button variant="outline" size="sm" onClick={() => void clone()} disabled={busy}>
      {busy ? <Spinner className="size-4 text-current" label="Cloning" /> : <Copy />}
      Clone
    </Button>
  )
}

/** Delete (spec 001 §6 contractor mode), after a confirmation; then back to the list. */
export function DeleteEstimateButton() {
  const { orgId, estimateId, estimate } = useDetail()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const { confirm, dialog } = useConfirm()
  const blocked = useBlockedReason('cost_estimator', 'delete', 'delete estimates')
  const remove = async () => {
    try {
      await callApi(api.deleteEstimatesById, { params: { orgId, id: estimateId } })
    } catch (err) {
      toastError(serverMessage(err) ?? 'Failed to delete estimate')
      return
    }
    // Off the page first, so the detail query is not read again for a deleted estimate.
    navigate('/cost-estimator')
    qc.removeQueries({ queryKey: [...estimatesKey(orgId), estimateId] })
    await qc.invalidateQueries({ queryKey: estimatesKey(orgId) })
    toast({ variant: 'success', title: 'Estimate deleted', description: `“${estimate.projectName}” was deleted.` })
  }
  const ask = () =>
    confirm({
      title: 'Delete estimate?',
      description: (
        <>
          “{estimate.projectName}” and its line items and documentation will be deleted.
          {estimate.shareToken ? ' The link you shared with your client stops working.' : ''} This cannot be undone.
        </>
      ),
      confirmLabel: 'Delete Estimate',
      destructive: true,
      onConfirm: remove,
    })
  if (blocked) return <BlockedAction reason={blocked} icon={<Trash2 />} label="Delete" />
  return (
    <>
      <Button variant="outline" size="sm" onClick={ask} className="text-destructive hover:text-destructive">
        <Trash2 />
        Delete
      </Button>
      {dialog}
    </>
  )
}

/** An action the role cannot take: shown, inert, with the reason on hover and focus (spec 001 §6). */
function BlockedAction({ reason, icon, label }: { reason: string; icon: React.ReactNode; label: string }) {
  return (
    <DisabledWithTooltip tooltip={reason}>
      <Button variant="outline" size="sm" aria-disabled="true" className="cursor-not-allowed opacity-50">
        {icon}
        {label}
      </Button>
    </DisabledWithTooltip>
  )
}
