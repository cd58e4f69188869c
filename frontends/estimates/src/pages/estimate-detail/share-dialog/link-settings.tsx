import type { ShareSettings } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { Button, Input, Label, Spinner, toast } from '@plumbline/ui'
import { apiKey, callApi, parseApiError } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarClock, KeyRound } from 'lucide-react'
import * as React from 'react'
import { serverMessage, toastError } from '../../../data/errors'
import { useDetail } from '../detail-context'

export const shareSettingsKey = (orgId: string, id: string) => apiKey(api.getEstimatesShare, { orgId, id })

/** "2026-12-09T09:00:00.000Z" → "2026-12-09" for a date input; the link expires at the end of that day, local time. */
const dayOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-CA') : '')
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString()

/** Link governance in the share dialog: an expiry date (extend it after it passed) and a passcode. */
export function LinkSettings() {
  const { orgId, estimateId } = useDetail()
  const qc = useQueryClient()
  // Read afresh on each opening: regenerating keeps the settings, disabling drops them.
  const settings = useQuery<ShareSettings>({ queryKey: shareSettingsKey(orgId, estimateId), refetchOnMount: 'always' })
  const [day, setDay] = React.useState('')
  const [passcode, setPasscode] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)
  const sync = React.useEffectEvent((s: ShareSettings) => setDay(dayOf(s.expiresAt)))
  React.useEffect(() => {
    if (settings.data) sync(settings.data)
  }, [settings.data])

  const save = useMutation({
    mutationFn: (body: { expiresAt?: string | null; passcode?: string | null }) =>
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
      {error ? (
        <p role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
