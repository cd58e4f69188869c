import { Button, FormField, Input } from '@plumbline/ui'
import * as React from 'react'
import type { z } from 'zod'
import { fieldMessages } from './phase-form'

export type NameDraft = { name: string; description: string }

/**
 * Name and description of a phase group or project type, checked with the contract's schema
 * (its messages, e.g. "Project type name is required") before anything is sent. `extra` adds
 * fields (the project type's icon) that live in the caller's state.
 */
export function NameForm<S extends z.ZodType>({
  schema,
  initial,
  idPrefix,
  nameLabel,
  submitLabel,
  busy,
  extra,
  extraValues,
  onSubmit,
  onCancel,
}: {
  schema: S
  initial?: NameDraft
  idPrefix: string
  nameLabel: string
  submitLabel: string
  busy?: boolean
  extra?: React.ReactNode
  extraValues?: Record<string, unknown>
  onSubmit: (input: z.input<S>) => Promise<unknown>
  onCancel?: () => void
}) {
  const [draft, setDraft] = React.useState<NameDraft>(initial ?? { name: '', description: '' })
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const input = { ...draft, ...extraValues }
    const parsed = schema.safeParse(input)
    setErrors(fieldMessages(parsed as never))
    if (!parsed.success) return
    // A refused save keeps the draft; the toast says why.
    try {
      await onSubmit(input as z.input<S>)
    } catch {
      return
    }
    if (!initial) setDraft({ name: '', description: '' })
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField id={`${idPrefix}-name`} label={nameLabel} error={errors.name}>
          <Input id={`${idPrefix}-name`} value={draft.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} aria-invalid={!!errors.name} />
        </FormField>
        <FormField id={`${idPrefix}-description`} label="Description" error={errors.description}>
          <Input
            id={`${idPrefix}-description`}
            value={draft.description}
            onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
            placeholder="Optional"
          />
        </FormField>
      </div>
      {extra}
      <div className="flex gap-2">
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
