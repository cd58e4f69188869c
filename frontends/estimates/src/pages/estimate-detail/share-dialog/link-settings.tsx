import type { ReminderSettings, ReminderState, ShareSettings } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { REMINDER_STOP_TEXT } from '@plumbline/contracts/estimate-sending-text'
import { Button, Input, Label, Spinner, toast } from '@plumbline/ui'
import { apiKey, callApi, parseApiError } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarClock, KeyRound } from 'lucide-react'
import * as React from 'react'
import { serverMessage, toastError } from '../../../data/errors'
import { useDetail } from '../detail-context'
import { ReminderFields } from '../send/reminder-fields'

export const shareSettingsKey = (orgId: string, id: string) => apiKey(api.getEstimatesShare, { orgId, id })

/** "2026-12-09T09:00:00.000Z" → "2026-12-09" for a date input; the link expires at the end of that day, local time. */
const dayOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-CA') : '')
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString()

/** "1 of 3 sent · next Jan 6, 9:00 AM", or why they ended. */
function reminderStatus(r: ReminderState): string {
  const sent = `${r.sent} of ${r.max} sent`
  if (r.stoppedReason) return `${sent} · ${REMINDER_STOP_TEXT[r.stoppedReason]}`
  if (r.nextAt) return `${sent} · next ${new Date(r.nextAt).toLocaleString([], { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`
  return r.enabled ? sent : 'Off'
}

const settingsOf = (r: ReminderState): ReminderSettings => ({ enabled: r.enabled, everyDays: r.everyDays, max: r.max })

/** Link governance in the share dialog: an expiry date (extend it after it passed), a passcode, and follow-up reminders. */
export function LinkSettings() {
  const { orgId, estimateId } = useDetail()
  const qc = useQueryClient()
  // Read afresh on each opening: regenerating keeps the settings, disabling drops them.
  const settings = useQuery<ShareSettings>({ queryKey: shareSettingsKey(orgId, estimateId), refetchOnMount: 'always' })
  const [day, setDay] = React.useState('')
  const [passcode, setPasscode] = React.useState('')
  const [reminders, setReminders] = React.useState<ReminderSettings | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  const sync = React.useEffectEvent((s: ShareSettings) => {
    setDay(dayOf(s.expiresAt))
    setReminders(settingsOf(s.reminders))
  })
  React.useEffect(() => {
    if (settings.data) sync(settings.data)
  }, [settings.data])

  const save = useMutation({
    mutationFn: (body: { expiresAt?: string | null; passcode?: string | null; reminders?: ReminderSettings }) =>
      callApi(api.patchEstimatesShare, { params: { orgId, id: estimateId }, body }),
    onSuccess: (data) => {
      qc.setQueryData(shareSettingsKey(orgId, estimateId), data)
      setPasscode('')
      setError(null)
      toast({
        title: 'Link settings saved',
        description: data.expiresAt ? `The link works until ${new Date(data.expiresAt).toLocaleString()}.` : 'The link does not expire.',
      })
    },
    onError: (e) => {
      const p = parseApiError(e)
      if (p.status === 400) return setError(serverMessage(e))
      toastError(serverMessage(e) ?? 'Failed to save the link settings')
    },
  })
  const s = settings.data
  if (!s) return null
  return (
    <div className="grid gap-3 rounded-lg border p-3" data-testid="link-settings">
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="share-expires" className="flex items-center gap-1.5 text-sm">
            <CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />
            Link expires
            {s.expired ? <span className="text-xs font-semibold text-destructive">(expired)</span> : null}
          </Label>
          <Input id="share-expires" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </div>
        <Button variant="outline" size="sm" disabled={save.isPending} onClick={() => save.mutate({ expiresAt: day ? endOfDay(day) : null })}>
          {save.isPending ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          {day ? 'Save expiry' : 'Never expires'}
        </Button>
      </div>
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="share-passcode-set" className="flex items-center gap-1.5 text-sm">
            <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
            Passcode {s.passcodeSet ? <span className="text-xs text-success">(set)</span> : <span className="text-xs text-muted-foreground">(none)</span>}
          </Label>
          <Input
            id="share-passcode-set"
            type="password"
            value={passcode}
            placeholder={s.passcodeSet ? 'Type a new one to change it' : 'At least 4 characters'}
            onChange={(e) => setPasscode(e.target.value)}
            autoComplete="new-password"
          />
        </div>
        <Button variant="outline" size="sm" disabled={save.isPending || !passcode} onClick={() => save.mutate({ passcode })}>
          Set passcode
        </Button>
        {s.passcodeSet ? (
          <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => save.mutate({ passcode: null })}>
            Remove
          </Button>
        ) : null}
      </div>
      <div className="grid gap-2 border-t pt-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          {reminders ? <ReminderFields id="share" value={reminders} onChange={setReminders} disabled={save.isPending} /> : null}
          <Button
            variant="outline"
            size="sm"
            disabled={save.isPending || !reminders || JSON.stringify(reminders) === JSON.stringify(settingsOf(s.reminders))}
            onClick={() => reminders && save.mutate({ reminders })}
          >
            Save reminders
          </Button>
        </div>
        <p className="text-xs text-muted-foreground" data-testid="reminder-status">
          Reminders: {reminderStatus(s.reminders)}
          {s.reminders.recipients.length ? ` · to ${s.reminders.recipients.join(', ')}` : ''}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
