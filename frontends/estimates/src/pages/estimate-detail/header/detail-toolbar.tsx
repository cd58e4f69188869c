import { Button, Label, NotificationsBellContext, Switch } from '@plumbline/ui'
import { useBlockedReason } from '@plumbline/web'
import { ArrowLeft, Eye, Pencil, Send, Share2 } from 'lucide-react'
import * as React from 'react'
import { useNavigate } from 'react-router'
import { DisabledWithTooltip } from '../common/disabled-with-tooltip'
import { CloneEstimateButton, DeleteEstimateButton } from './estimate-actions'
import { ExportPdfButton } from './export-pdf-button'
import { StatusMenu } from './status-menu'

/**
 * Back, the Client View toggle, and the contractor-only actions (spec 001 §2/§6):
 * Share, Send (by e-mail), Export PDF, Edit Estimate, the manual status menu, Clone and Delete.
 */
export function DetailToolbar({
  clientView,
  onClientViewChange,
  onShare,
  onSend,
  onEdit,
  editDisabledReason,
}: {
  clientView: boolean
  onClientViewChange: (value: boolean) => void
  onShare: () => void
  onSend: () => void
  /** Undefined while editing is not possible (e.g. the estimate is locked). */
  onEdit?: () => void
  editDisabledReason?: string
}) {
  const navigate = useNavigate()
  const shareBlocked = useBlockedReason('cost_estimator', 'share', 'share estimates')
  // The detail page has this toolbar instead of the page header: the shell's bell goes here.
  const bell = React.useContext(NotificationsBellContext)
  return (
    <div className="border-b bg-card/80 backdrop-blur supports-[backdrop-filter]:bg-card/70">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Button variant="ghost" size="sm" className="-ml-2" onClick={() => navigate('/cost-estimator')}>
          <ArrowLeft />
          Back to Estimates
        </Button>
        <div className="flex flex-wrap items-center gap-2">
          {bell}
          <div className="flex items-center gap-2 rounded-md border bg-card px-3 py-1.5 shadow-xs">
            <Eye className="size-4 text-muted-foreground" aria-hidden="true" />
            <Label htmlFor="client-view-toggle" className="cursor-pointer text-sm">
              Client View
            </Label>
            <Switch id="client-view-toggle" checked={clientView} onCheckedChange={onClientViewChange} />
          </div>
          {clientView ? null : (
            <>
              <StatusMenu />
              {shareBlocked ? (
                <DisabledWithTooltip tooltip={shareBlocked}>
                  <Button variant="outline" size="sm" aria-disabled="true" className="cursor-not-allowed opacity-50">
                    <Share2 />
                    Share
                  </Button>
                </DisabledWithTooltip>
              ) : (
                <>
                  <Button variant="outline" size="sm" onClick={onShare}>
                    <Share2 />
                    Share
                  </Button>
                  <Button variant="outline" size="sm" onClick={onSend}>
                    <Send />
                    Send
                  </Button>
                </>
              )}
              <ExportPdfButton />
              <CloneEstimateButton />
              <DeleteEstimateButton />
              {onEdit ? (
                <Button size="sm" onClick={onEdit}>
                  <Pencil />
                  Edit Estimate
                </Button>
              ) : (
                <DisabledWithTooltip tooltip={editDisabledReason ?? 'Editing is not available'}>
                  <Button size="sm" aria-disabled="true" className="cursor-not-allowed opacity-50">
                    <Pencil />
                    Edit Estimate
                  </Button>
                </DisabledWithTooltip>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  )
}
