import { zodResolver } from '@hookform/resolvers/zod'
import {
  Button,
  Checkbox,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
} from '@plumbline/ui'
import { Loader2, Plus, Trash2 } from 'lucide-react'
import * as React from 'react'
import { type Control, Controller, type FieldErrors, type UseFormRegister, useFieldArray, useForm } from 'react-hook-form'
import { formatUsd } from '../../components/format/format'
import { CATEGORY_META, CATEGORY_ORDER } from '../../components/template-category/template-category'
import { EMPTY_TEMPLATE_FORM, newItem, newSection, type TemplateFormValues, templateValue, UNITS, ZTemplateForm } from './template-form'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  mode: 'create' | 'edit'
  initial?: TemplateFormValues | null
  saving: boolean
  onSave: (values: TemplateFormValues) => void
}

const err = (id: string, e: unknown) => (e ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={`${id}-error`} role="alert" className="text-[12px] font-medium text-destructive">
      {message}
    </p>
  )
}

function LineItems({
  control,
  register,
  sectionIndex,
  errors,
}: {
  control: Control<TemplateFormValues>
  register: UseFormRegister<TemplateFormValues>
  sectionIndex: number
  errors: FieldErrors<TemplateFormValues>
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `sections.${sectionIndex}.lineItems` })
  const itemErrors = errors.sections?.[sectionIndex]?.lineItems
  return (
    <div className="space-y-2">
      {fields.length ? (
        <div
          className="hidden grid-cols-[minmax(0,1fr)_5.5rem_6.5rem_6.5rem_2.25rem] gap-2 px-1 text-xs font-medium text-muted-foreground md:grid"
          aria-hidden="true"
        >
          <span>Item</span>
          <span>Qty</span>
          <span>Unit</span>
          <span>Unit cost</span>
          <span />
        </div>
      ) : null}
      {fields.map((f, j) => {
        const base = `t-s${sectionIndex}-i${j}`
        const ie = itemErrors?.[j]
        return (
          <div
            key={f.id}
            className="grid grid-cols-3 gap-2 rounded-lg border bg-card p-2 md:grid-cols-[minmax(0,1fr)_5.5rem_6.5rem_6.5rem_2.25rem] md:border-0 md:bg-transparent md:p-0"
          >
            <div className="col-span-3 md:col-span-1">
              <Input
                id={`${base}-name`}
                aria-label={`Item ${j + 1} name`}
                placeholder="Item name"
                className="h-9"
                {...err(`${base}-name`, ie?.name)}
                {...register(`sections.${sectionIndex}.lineItems.${j}.name`)}
              />
              <FieldError id={`${base}-name`} message={ie?.name?.message} />
            </div>
            <div>
              <Input
                id={`${base}-qty`}
                aria-label={`Item ${j + 1} quantity`}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.001"
                className="h-9"
                {...err(`${base}-qty`, ie?.quantity)}
                {...register(`sections.${sectionIndex}.lineItems.${j}.quantity`)}
              />
              <FieldError id={`${base}-qty`} message={ie?.quantity?.message} />
            </div>
            <Controller
              control={control}
              name={`sections.${sectionIndex}.lineItems.${j}.unit`}
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger className="h-9" aria-label={`Item ${j + 1} unit`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {UNITS.map((u) => (
                      <SelectItem key={u} value={u}>
                        {u}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <div className="flex gap-2 md:contents">
              <div className="min-w-0 flex-1">
                <Input
                  id={`${base}-cost`}
                  aria-label={`Item ${j + 1} unit cost`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  className="h-9"
                  {...err(`${base}-cost`, ie?.cost)}
                  {...register(`sections.${sectionIndex}.lineItems.${j}.cost`)}
                />
                <FieldError id={`${base}-cost`} message={ie?.cost?.message} />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-9 shrink-0 text-muted-foreground hover:text-destructive"
                aria-label={`Remove item ${j + 1}`}
                onClick={() => remove(j)}
              >
                <Trash2 />
              </Button>
            </div>
          </div>
        )
      })}
      <Button type="button" variant="ghost" size="sm" className="text-primary" onClick={() => append(newItem())}>
        <Plus /> Add Line Item
      </Button>
    </div>
  )
}

/** Create or edit a template: name, category, description, default flag, sections and their line items. */
export function TemplateFormDialog({ open, onOpenChange, mode, initial, saving, onSave }: Props) {
  const form = useForm<TemplateFormValues>({ resolver: zodResolver(ZTemplateForm), defaultValues: EMPTY_TEMPLATE_FORM })
  const { register, control, handleSubmit, reset, watch, formState } = form
  const { fields, append, remove } = useFieldArray({ control, name: 'sections' })
  const e = formState.errors

  // Reset only when (re)opened, from the template as it is then.
  const startFromInitial = React.useEffectEvent(() => reset(initial ?? EMPTY_TEMPLATE_FORM))
  React.useEffect(() => {
    if (open) startFromInitial()
  }, [open])

  const sections = watch('sections')
  const value = templateValue({ sections })

  return (
    <Dialog open={open} onOpenChange={(o) => (!saving ? onOpenChange(o) : undefined)}>
      <DialogContent className="max-w-3xl gap-0 p-0">
        <DialogHeader className="border-b px-4 py-5 pr-12 sm:px-6">
          <DialogTitle>{mode === 'edit' ? 'Edit Template' : 'Create Template'}</DialogTitle>
          <DialogDescription>Sections and line items are copied into an estimate when the template is applied.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSave)} aria-label={mode === 'edit' ? 'Edit Template' : 'Create Template'}>
          <div className="space-y-6 px-4 py-6 sm:px-6">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField id="template-name" label="Template Name" error={e.name?.message}>
                <Input id="template-name" placeholder="Asphalt shingle roof replacement" {...err('template-name', e.name)} {...register('name')} />
              </FormField>
              <FormField id="template-category" label="Category" error={e.category?.message}>
                <Controller
                  control={control}
                  name="category"
                  render={({ field }) => (
                    <Select value={field.value || undefined} onValueChange={field.onChange}>
                      <SelectTrigger
                        id="template-category"
                        aria-invalid={e.category ? true : undefined}
                        aria-describedby={e.category ? 'template-category-error' : undefined}
                        className={cn(e.category && 'border-destructive')}
                      >
                        <SelectValue placeholder="Select a category" />
                      </SelectTrigger>
                      <SelectContent>
                        {CATEGORY_ORDER.map((c) => {
                          const Icon = CATEGORY_META[c].icon
                          return (
                            <SelectItem key={c} value={c}>
                              <span className="flex items-center gap-2">
                                <Icon className="size-3.5 text-muted-foreground" /> {CATEGORY_META[c].label}
                              </span>
                            </SelectItem>
                          )
                        })}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
            </div>
            <FormField id="template-description" label="Description (optional)">
              <Textarea id="template-description" rows={2} placeholder="What this template covers and when to use it." {...register('description')} />
            </FormField>
            <Controller
              control={control}
              name="isDefault"
              render={({ field }) => (
                <div className="flex items-start gap-2.5">
                  <Checkbox id="template-default" checked={field.value} onCheckedChange={(c) => field.onChange(c === true)} className="mt-0.5" />
                  <div>
                    <Label htmlFor="template-default">Default template</Label>
                    <p className="text-xs text-muted-foreground">Suggested first for this category.</p>
                  </div>
                </div>
              )}
            />

            <div className="space-y-3">
              <div className="flex items-center justify-between">
                <h3 className="text-sm font-semibold">Sections</h3>
                <span className="text-xs text-muted-foreground">
                  Template value: <strong className="font-semibold text-foreground tabular-nums">{formatUsd(value)}</strong>
                </span>
              </div>
              {fields.length === 0 ? (
                <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
                  No sections yet. Add one to group line items (for example Tear-off, Materials, Labor).
                </p>
              ) : null}
              {fields.map((f, i) => {
                const se = e.sections?.[i]
                return (
                  <fieldset key={f.id} className="space-y-3 rounded-xl border bg-muted/30 p-4">
                    <legend className="sr-only">Section {i + 1}</legend>
                    <div className="flex items-start gap-2">
                      <div className="grid flex-1 gap-2 sm:grid-cols-2">
                        <div>
                          <Input
                            id={`t-s${i}-name`}
                            aria-label={`Section ${i + 1} name`}
                            placeholder="Section name"
                            {...err(`t-s${i}-name`, se?.name)}
                            {...register(`sections.${i}.name`)}
                          />
                          <FieldError id={`t-s${i}-name`} message={se?.name?.message} />
                        </div>
                        <Input aria-label={`Section ${i + 1} description`} placeholder="Description (optional)" {...register(`sections.${i}.description`)} />
                      </div>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="shrink-0 text-muted-foreground hover:text-destructive"
                        aria-label={`Remove section ${i + 1}`}
                        onClick={() => remove(i)}
                      >
                        <Trash2 />
                      </Button>
                    </div>
                    <LineItems control={control} register={register} sectionIndex={i} errors={e} />
                  </fieldset>
                )
              })}
              <Button type="button" variant="outline" size="sm" onClick={() => append(newSection())}>
                <Plus /> Add Section
              </Button>
            </div>
          </div>
          <div className="sticky bottom-0 flex justify-end gap-2 border-t bg-card/95 px-4 py-3 backdrop-blur sm:px-6 sm:py-4 [&>button]:flex-1 sm:[&>button]:flex-none">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" /> : null}
              {mode === 'edit' ? 'Save Changes' : 'Create Template'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
