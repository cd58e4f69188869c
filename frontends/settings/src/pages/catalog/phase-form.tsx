import { type PhaseInput, type SettingsPhase, ZPhaseInput } from '@plumbline/contracts'
import { Button, FormField, Input } from '@plumbline/ui'
import * as React from 'react'

type Draft = { name: string; description: string; defaultPercentage: string; costCodes: string }

const draftOf = (p?: SettingsPhase): Draft => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  defaultPercentage: p ? String(Number(p.percentage)) : '',
  costCodes: p?.costCode ?? '',
})

/** The first message per field of the contract's own rules (the server says the same on 400). */
export function fieldMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {}
  for (const i of result.error?.issues ?? []) {
    const key = String(i.path[0] ?? '')
    out[key] ??= i.message
  }
  return out
}

/**
 * Add or edit one phase (spec 001 §3, §5): name required, percentage 0–100 in steps of 0.01,
 * cost codes as comma-separated text. `idPrefix` keeps label ids unique per row.
 */
export function PhaseForm({
  phase,
  idPrefix,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  phase?: SettingsPhase
  idPrefix: string
  submitLabel: string
  busy?: boolean
  onSubmit: (input: PhaseInput) => Promise<unknown>
  onCancel?: () => void
}) {
  const [draft, setDraft] = React.useState<Draft>(() => draftOf(phase))
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [k]: e.target.value }))

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const input = {
      name: draft.name,
      description: draft.description,
      costCodes: draft.costCodes,
      defaultPercentage: draft.defaultPercentage.trim() === '' ? undefined : draft.defaultPercentage,
      ...(phase ? { sortOrder: phase.sortOrder } : {}),
    }
    const parsed = ZPhaseInput.safeParse(input)
    setErrors(fieldMessages(parsed))
    if (!parsed.success) return
    // A refused save keeps the draft; the toast says why.
    try {
      await onSubmit(input as PhaseInput)
    } catch {
      return
    }
    if (!phase) setDraft(draftOf())
  }

  const id = (k: string) => `${idPrefix}-${k}`
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-1 gap-3 rounded-lg border border-dashed p-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1.5fr_auto] lg:items-start"
    >
      <FormField id={id('name')} label="Phase Name" error={errors.name}>
        <Input id={id('name')} value={draft.name} onChange={set('name')} aria-invalid={!!errors.name} placeholder="e.g. Framing" />
      </FormField>
      <FormField id={id('description')} label="Description" error={errors.description}>
        <Input id={id('description')} value={draft.description} onChange={set('description')} placeholder="Optional" />
      </FormField>
      <FormField id={id('percentage')} label="Percentage" error={errors.defaultPercentage}>
        <Input
          id={id('percentage')}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          value={draft.defaultPercentage}
          onChange={set('defaultPercentage')}
          aria-invalid={!!errors.defaultPercentage}
          placeholder="0.00"
        />
      </FormField>
      <FormField id={id('costCodes')} label="Cost Codes" error={errors.costCodes}>
        <Input id={id('costCodes')} value={draft.costCodes} onChange={set('costCodes')} placeholder="01-100, 01-200" />
      </FormField>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:pt-7">
        <Button type="submit" size="sm" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  )
}
