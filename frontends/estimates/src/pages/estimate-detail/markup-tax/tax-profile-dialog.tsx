import { TAX_PRESETS, TAX_TYPES, type TaxProfile } from '@plumbline/contracts'
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
import { NativeSelect } from '../common/native-select'
import { portalScope } from '../common/portal-scope'
import { AMOUNT_STEP, applyTaxPreset, emptyTaxDraft, type FieldErrors, TAX_RATE_STEP, type TaxDraft, taxDraftFrom, toTaxPayload } from './profile-forms'

const TAX_TYPE_LABELS: Record<string, string> = { sales: 'Sales', use: 'Use', local: 'Local', special: 'Special' }
const APPLIES = [
  { key: 'applyToLabor', label: 'Labor' },
  { key: 'applyToMaterials', label: 'Materials' },
  { key: 'applyToEquipment', label: 'Equipment' },
  { key: 'applyToSubcontractors', label: 'Subcontractors' },
] as const
const AMOUNTS = [
  { key: 'minimumAmount', label: 'Minimum amount' },
  { key: 'maximumAmount', label: 'Maximum amount' },
  { key: 'exemptionThreshold', label: 'Exemption threshold' },
] as const

/** Create or edit a tax profile, with the four state presets. */
export function TaxProfileDialog({
  open,
  onOpenChange,
  profile,
  ids,
  saving,
  onSubmit,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  profile: TaxProfile | null
  ids: { organizationId: string; estimateId: string }
  saving: boolean
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>
}) {
  const [draft, setDraft] = React.useState<TaxDraft>(emptyTaxDraft)
  const [errors, setErrors] = React.useState<FieldErrors>({})
  React.useEffect(() => {
    if (open) {
      setDraft(profile ? taxDraftFrom(profile) : emptyTaxDraft())
      setErrors({})
    }
  }, [open, profile])

  const set = <K extends keyof TaxDraft>(k: K, v: TaxDraft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }))
    setErrors((e) => ({ ...e, [k]: undefined }))
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const r = toTaxPayload(draft, ids)
    if (!r.ok) return setErrors(r.errors)
    try {
      await onSubmit(r.payload)
      onOpenChange(false)
    } catch {
      // Toast shown by the mutation.
    }
  }
  const ratePercent = Number(draft.rate)

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" {...portalScope}>
        <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{profile ? 'Edit Tax Profile' : 'New Tax Profile'}</DialogTitle>
            <DialogDescription>Tax applies to the marked-up total of the cost types it covers.</DialogDescription>
          </DialogHeader>
          {profile ? null : (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Presets</span>
              {TAX_PRESETS.map((p) => (
                <Button key={p.name} type="button" variant="outline" size="sm" onClick={() => setDraft((d) => applyTaxPreset(d, p.name))}>
                  {p.name}
                </Button>
              ))}
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="tax-name" label="Name" error={errors.name}>
              <Input id="tax-name" value={draft.name} onChange={(e) => set('name', e.target.value)} aria-invalid={!!errors.name} />
            </FormField>
            <FormField id="tax-type" label="Tax type" error={errors.taxType}>
              <NativeSelect id="tax-type" value={draft.taxType} onChange={(e) => set('taxType', e.target.value)} aria-invalid={!!errors.taxType}>
                <option value="">Select a type</option>
                {TAX_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TAX_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField
              id="tax-rate"
              label="Rate (0 to 1)"
              error={errors.rate}
              hint={Number.isFinite(ratePercent) && draft.rate !== '' ? `${(ratePercent * 100).toFixed(2)}%` : 'e.g. 0.0825 for 8.25%'}
            >
              <Input
                id="tax-rate"
                type="number"
                inputMode="decimal"
                step={TAX_RATE_STEP}
                min={0}
                max={1}
                value={draft.rate}
                onChange={(e) => set('rate', e.target.value)}
                aria-invalid={!!errors.rate}
              />
            </FormField>
            <FormField id="tax-description" label="Description (optional)">
              <Input id="tax-description" value={draft.description} onChange={(e) => set('description', e.target.value)} />
            </FormField>
            <FormField id="tax-jurisdiction" label="Jurisdiction">
              <Input id="tax-jurisdiction" value={draft.jurisdiction} onChange={(e) => set('jurisdiction', e.target.value)} />
            </FormField>
            <FormField id="tax-jurisdiction-code" label="Jurisdiction code">
              <Input id="tax-jurisdiction-code" value={draft.jurisdictionCode} onChange={(e) => set('jurisdictionCode', e.target.value)} />
            </FormField>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Applies to</legend>
            <div className="flex flex-wrap gap-5">
              {APPLIES.map(({ key, label }) => (
                <div key={key} className="flex items-center gap-2">
                  <Checkbox id={`tax-${key}`} checked={draft[key]} onCheckedChange={(v) => set(key, v === true)} />
                  <Label htmlFor={`tax-${key}`} className="font-normal">
                    {label}
                  </Label>
                </div>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            {AMOUNTS.map(({ key, label }) => (
              <FormField key={key} id={`tax-${key}`} label={`${label} ($)`} error={errors[key]}>
                <Input
                  id={`tax-${key}`}
                  type="number"
                  inputMode="decimal"
                  step={AMOUNT_STEP}
                  min={0}
                  value={draft[key]}
                  onChange={(e) => set(key, e.target.value)}
                  aria-invalid={!!errors[key]}
                  placeholder="None"
                />
              </FormField>
            ))}
          </div>
          <div className="flex flex-wrap gap-5">
            <div className="flex items-center gap-2">
              <Checkbox id="tax-active" checked={draft.isActive} onCheckedChange={(v) => set('isActive', v === true)} />
              <Label htmlFor="tax-active" className="font-normal">
                Active
              </Label>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="tax-template" checked={draft.isTemplate} onCheckedChange={(v) => set('isTemplate', v === true)} />
              <Label htmlFor="tax-template" className="font-normal">
                Reusable template for other estimates
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
