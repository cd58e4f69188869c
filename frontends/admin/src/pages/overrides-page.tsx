import type { SubscriptionOverrideBody, SubscriptionOverrideRow } from '@plumbline/contracts'
import { UNLIMITED } from '@plumbline/contracts/usage-limits'
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  Skeleton,
  Textarea,
  toast,
} from '@plumbline/ui'
import { Pencil, Trash2 } from 'lucide-react'
import * as React from 'react'
import { serverMessage, useRemoveOverride, useSaveOverride, useSubscriptionOverrides } from '../api'

const limitText = (limit: number) => (limit === UNLIMITED ? 'Unlimited' : String(limit))
const usage = (used: number, limit: number) => `${used} / ${limitText(limit)}`
const hasOverride = (row: SubscriptionOverrideRow) =>
  row.overrideEstimatesPerMonth !== null || row.overridePdfGenerationsPerMonth !== null || row.overrideAiGenerationsPerMonth !== null || row.note !== null

type LimitField = 'estimatesPerMonth' | 'pdfGenerationsPerMonth' | 'aiGenerationsPerMonth'
const LIMIT_FIELDS: { field: LimitField; label: string; current: (row: SubscriptionOverrideRow) => number | null }[] = [
  { field: 'estimatesPerMonth', label: 'Estimates per month', current: (r) => r.overrideEstimatesPerMonth },
  { field: 'pdfGenerationsPerMonth', label: 'PDF generations per month', current: (r) => r.overridePdfGenerationsPerMonth },
  { field: 'aiGenerationsPerMonth', label: 'AI generations per month', current: (r) => r.overrideAiGenerationsPerMonth },
]

export const OVERRIDE_NUMBER_MESSAGE = 'Enter a whole number of 0 or more.'

/** Integers ≥ 0, sent only when filled; the note, or null when empty. Null result: an invalid number. */
export function overrideBodyOf(values: Record<LimitField, string>, note: string): { body?: SubscriptionOverrideBody; invalid: LimitField[] } {
  const body: SubscriptionOverrideBody = { note: note.trim() ? note.trim() : null }
  const invalid: LimitField[] = []
  for (const { field } of LIMIT_FIELDS) {
    const text = values[field].trim()
    if (!text) continue
    if (!/^\d+$/.test(text)) invalid.push(field)
    else body[field] = Number(text)
  }
  return invalid.length ? { invalid } : { body, invalid }
}

function EditOverrideDialog({ row, onClose }: { row: SubscriptionOverrideRow | null; onClose: () => void }) {
  const save = useSaveOverride()
  const [values, setValues] = React.useState<Record<LimitField, string>>({ estimatesPerMonth: '', pdfGenerationsPerMonth: '', aiGenerationsPerMonth: '' })
  const [note, setNote] = React.useState('')
  const [invalid, setInvalid] = React.useState<LimitField[]>([])

  React.useEffect(() => {
    const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))
    setValues({
      estimatesPerMonth: text(row?.overrideEstimatesPerMonth),
      pdfGenerationsPerMonth: text(row?.overridePdfGenerationsPerMonth),
      aiGenerationsPerMonth: text(row?.overrideAiGenerationsPerMonth),
    })
    setNote(row?.note ?? '')
    setInvalid([])
  }, [row])

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!row) return
    const result = overrideBodyOf(values, note)
    setInvalid(result.invalid)
    if (!result.body) return
    save.mutate(
      { orgId: row.organizationId, body: result.body },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Override saved', description: `${row.organizationName} uses the new limits from its next request.` })
          onClose()
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Override Failed', description: serverMessage(error, 'The override could not be saved.') }),
      },
    )
  }

  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit Subscription Override</DialogTitle>
          <DialogDescription>{row?.organizationName}: leave a limit empty to keep the plan's.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {LIMIT_FIELDS.map(({ field, label }) => (
            <div key={field} className="grid gap-1.5">
              <Label htmlFor={`override-${field}`}>{label}</Label>
              <Input
                id={`override-${field}`}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={values[field]}
                aria-invalid={invalid.includes(field)}
                onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              />
              {invalid.includes(field) ? (
                <p role="alert" className="text-sm text-destructive">
                  {OVERRIDE_NUMBER_MESSAGE}
                </p>
              ) : null}
            </div>
          ))}
          <div className="grid gap-1.5">
            <Label htmlFor="override-note">Note</Label>
            <Textarea id="override-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save Override'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function RemoveOverrideDialog({ row, onClose }: { row: SubscriptionOverrideRow | null; onClose: () => void }) {
  const remove = useRemoveOverride()
  const confirm = () => {
    if (!row) return
    remove.mutate(row.organizationId, {
      onSuccess: () => {
        toast({ variant: 'success', title: 'Override removed', description: `${row.organizationName} is back on its plan's limits.` })
        onClose()
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Delete Failed', description: serverMessage(error, 'The override could not be removed.') }),
    })
  }
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Remove Override</DialogTitle>
          <DialogDescription>Remove the override of {row?.organizationName}? Its plan's limits apply again.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Removing…' : 'Remove'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Subscription overrides (spec 001 §2, §3): usage against the limits in force, per organisation. */
export function OverridesPage() {
  const rows = useSubscriptionOverrides()
  const [editing, setEditing] = React.useState<SubscriptionOverrideRow | null>(null)
  const [removing, setRemoving] = React.useState<SubscriptionOverrideRow | null>(null)
  return (
    <section aria-labelledby="subscription-overrides" className="grid gap-4">
      <h2 id="subscription-overrides" className="text-lg font-semibold tracking-tight">
        Subscription Overrides
      </h2>
      <Card className="overflow-x-auto p-0">
        {rows.isLoading ? (
          <div className="grid gap-2 p-4">
            {['s1', 's2', 's3', 's4'].map((key) => (
              <Skeleton key={key} className="h-10 w-full" />
            ))}
          </div>
        ) : rows.isError ? (
          <p role="alert" className="p-6 text-sm text-destructive">
            Failed to load subscription overrides.
          </p>
        ) : (
          <table className="w-full min-w-[760px] text-sm">
            <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                {['Organization', 'Current Plan', 'Estimates', 'PDF', 'AI', 'Note'].map((h) => (
                  <th key={h} className="px-4 py-2 font-medium">
                    {h}
                  </th>
                ))}
                <th className="px-4 py-2 text-right font-medium">Actions</th>
              </tr>
            </thead>
            <tbody>
              {(rows.data ?? []).map((row) => (
                <tr key={row.organizationId} className="border-b last:border-0">
                  <td className="px-4 py-3 font-medium">{row.organizationName}</td>
                  <td className="px-4 py-3">
                    <Badge variant="secondary">{row.currentPlan}</Badge>
                    {hasOverride(row) ? <Badge className="ml-1">Override</Badge> : null}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 tabular-nums">{usage(row.estimatesUsed, row.estimatesLimit)}</td>
                  <td className="whitespace-nowrap px-4 py-3 tabular-nums">{usage(row.pdfUsed, row.pdfLimit)}</td>
                  <td className="whitespace-nowrap px-4 py-3 tabular-nums">{usage(row.aiUsed, row.aiLimit)}</td>
                  <td className="max-w-[16rem] truncate px-4 py-3 text-muted-foreground">{row.note ?? '—'}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" aria-label={`Edit override of ${row.organizationName}`} onClick={() => setEditing(row)}>
                        <Pencil />
                      </Button>
                      {hasOverride(row) ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove override of ${row.organizationName}`}
                          className="text-destructive"
                          onClick={() => setRemoving(row)}
                        >
                          <Trash2 />
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
              {rows.data?.length === 0 ? (
                <tr>
                  <td colSpan={7} className="px-4 py-8 text-center text-muted-foreground">
                    No organizations yet.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        )}
      </Card>
      <EditOverrideDialog row={editing} onClose={() => setEditing(null)} />
      <RemoveOverrideDialog row={removing} onClose={() => setRemoving(null)} />
    </section>
  )
}
