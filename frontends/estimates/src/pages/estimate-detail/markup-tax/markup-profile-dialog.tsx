import { MARKUP_PRESETS, type MarkupProfile } from '@plumbline/contracts'
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  Spinner,
} from '@plumbline/ui'
import * as React from 'react'
import { portalScope } from '../common/portal-scope'
import {
  applyMarkupPreset,
  emptyMarkupDraft,
  type FieldErrors,
  MARKUP_STEP,
  type MarkupDraft,
  markupDraftFrom,
  PERCENT_FIELDS,
  toMarkupPayload,
} from './profile-forms'

/** Create or edit a markup profile, with the three presets. */
export function MarkupProfileDialog({
  open,
  onOpenChange,
  profile,
  ids,
  saving,
  onSubmit,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Null to create. */
  profile: MarkupProfile | null
  ids: { organizationId: string; estimateId: string }
  saving: boolean
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>
}) {
  const [draft, setDraft] = React.useState<MarkupDraft>(emptyMarkupDraft)
  const [errors, setErrors] = React.useState<FieldErrors>({})
  React.useEffect(() => {
    if (open) {
      setDraft(profile ? markupDraftFrom(profile) : emptyMarkupDraft())
      setErrors({})
    }
  }, [open, profile])

  const set = <K extends keyof MarkupDraft>(k: K, v: MarkupDraft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }))
    setErrors((e) => ({ ...e, [k]: undefined }))
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const r = toMarkupPayload(draft, ids)
    if (!r.ok) return setErrors(r.errors)
    try {
      await onSubmit(r.payload)
      onOpenChange(false)
    } catch {
      // Toast shown by the mutation.
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" {...portalScope}>
        <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{profile ? 'Edit Markup Profile' : 'New Markup Profile'}</DialogTitle>
            <DialogDescription>Overhead, profit and contingency apply to the base total; type markups apply per cost type.</DialogDescription>
          </DialogHeader>
          {profile ? null : (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Presets</span>
              {MARKUP_PRESETS.map((p) => (
                <Button key={p.name} type="button" variant="outline" size="sm" onClick={() => setDraft((d) => applyMarkupPreset(d, p.name))}>
                  {p.name}
                </Button>
              ))}
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="markup-name" label="Name" error={errors.name}>
              <Input id="markup-name" value={draft.name} onChange={(e) => set('name', e.target.value)} aria-invalid={!!errors.name} />
            </FormField>
            <FormField id="markup-description" label="Description (optional)">
              <Input id="markup-description" value={draft.description} onChange={(e) => set('description', e.target.value)} />
            </FormField>
          </div>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            {PERCENT_FIELDS.map(({ key, label }) => (
              <FormField key={key} id={`markup-${key}`} label={`${label} (%)`} error={errors[key]}>
                <Input
                  id={`markup-${key}`}
                  type="number"
                  inputMode="decimal"
                  step={MARKUP_STEP}
                  min={0}
                  max={100}
                  value={draft[key]}
                  onChange={(e) => set(key, e.target.value)}
                  aria-invalid={!!errors[key]}
                />
              </FormField>
            ))}
          </div>
          <div className="flex flex-wrap gap-5">
            <div className="flex items-center gap-2">
              <Checkbox id="markup-template" checked={draft.isTemplate} onCheckedChange={(v) => set('isTemplate', v === true)} />
              <Label htmlFor="markup-template" className="font-normal">
                Reusable template for other estimates
              </Label>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="markup-default" checked={draft.isDefault} onCheckedChange={(v) => set('isDefault', v === true)} />
              <Label htmlFor="markup-default" className="font-normal">
                Default profile
              </Label>
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner className="size-4 text-current" label="Saving" /> : null}
              {profile ? 'Save Changes' : 'Create Profile'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
