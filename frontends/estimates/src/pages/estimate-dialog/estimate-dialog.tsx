import { zodResolver } from '@hookform/resolvers/zod'
import type { Estimate, ProjectType, PropertyData } from '@plumbline/contracts'
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, Input, Textarea, toast } from '@plumbline/ui'
import { useActiveOrganization, useAuth } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import * as React from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { MEETING_NOTES_HINT, SPECIAL_FEATURES_HINT } from '../../components/ai/ai-field-hints'
import { ProjectTypeGrid } from '../../components/project-type/project-type-grid'
import { fetchPropertyData } from '../../data/mutations'
import { isAutoGenerateAI, useCompanySettings, useProjectTypes, useTemplates } from '../../data/queries'
import { AiContentCard } from './ai-content-card'
import { EMPTY_FORM, type EstimateForEdit, type EstimateFormValues, formValuesFromEstimate, suggestProjectName, ZEstimateForm } from './form-schema'
import { ProgressDialog } from './progress-dialog'
import { PropertyField } from './property-field'
import { TemplatePicker } from './template-picker'
import { useEstimateSubmit } from './use-estimate-submit'
import { useManualAi } from './use-manual-ai'

export type EstimateDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Edit mode when given ('Edit Estimate', PUT, no template picker). */
  estimate?: EstimateForEdit | null
  /** Edit success: runs after the update, before the toast (spec 000 §4). */
  onUpdated?: (estimate: Estimate) => void
  /** Create success; without it the user goes to /estimates/{id}. */
  onCreated?: (estimate: Estimate) => void
}

function Section({ title, hint, children, id }: { title: string; hint?: string; children: React.ReactNode; id?: string }) {
  return (
    <section className="space-y-3" aria-labelledby={id}>
      <div>
        <h3 id={id} className="text-sm font-semibold">
          {title}
        </h3>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      {children}
    </section>
  )
}

const FIELD_ORDER = ['propertyAddress', 'clientName', 'clientEmail', 'projectName', 'totalCost', 'squareFootage'] as const

const describedBy = (id: string, error: unknown) => (error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})

/** Create / Edit Estimate dialog (spec 000 §2, §4, §5). */
export function EstimateDialog({ open, onOpenChange, estimate, onUpdated, onCreated }: EstimateDialogProps) {
  const mode = estimate ? 'edit' : 'create'
  const { isLoading: authLoading } = useAuth()
  const org = useActiveOrganization()
  const hasOrganization = authLoading || !!org
  const projectTypes = useProjectTypes(org?.id)
  const templates = useTemplates(open && mode === 'create' ? org?.id : null)
  const settings = useCompanySettings(open ? org?.id : null)

  // Errors are focused in screen order by onInvalid: the type picker is not an input RHF can focus.
  const form = useForm<EstimateFormValues>({ resolver: zodResolver(ZEstimateForm), defaultValues: EMPTY_FORM, shouldFocusError: false })
  const { register, handleSubmit, setValue, setFocus, watch, reset, formState } = form
  const typeGridRef = React.useRef<HTMLDivElement>(null)
  const onInvalid = (errs: FieldErrors<EstimateFormValues>) => {
    if (errs.projectTypeId) {
      typeGridRef.current?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')?.focus()
      typeGridRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
      return
    }
    const first = FIELD_ORDER.find((f) => errs[f])
    if (first) setFocus(first, { shouldSelect: false })
  }
  const errors = formState.errors
  /** The type picked in this dialog: from then on the client name drives the project name. */
  const [chosenType, setChosenType] = React.useState<ProjectType | null>(null)
  const [propertyData, setPropertyData] = React.useState<PropertyData | null>(null)
  const manualAi = useManualAi(org?.id, open)
  const autoAi = isAutoGenerateAI(settings.data)

  // Every opening starts from a clean form (create) or the estimate's values (edit), and so does
  // another estimate given while open (hence the id argument); a refetch of the same one does not.
  const estimateId = estimate?.id
  const startFromEstimate = React.useEffectEvent((_estimateId: string | undefined) => {
    reset(estimate ? formValuesFromEstimate(estimate) : EMPTY_FORM)
    setChosenType(null)
    setPropertyData(null)
    manualAi.clear()
  })
  React.useEffect(() => {
    if (open) startFromEstimate(estimateId)
  }, [open, estimateId])

  const close = React.useCallback(() => onOpenChange(false), [onOpenChange])
  const { step, submit, submitting } = useEstimateSubmit({
    orgId: org?.id,
    mode,
    estimateId,
    // Spec 000 §4: steps 4-5 run unless the setting is exactly false (still loading counts as on).
    autoGenerateAI: autoAi,
    aiSummary: manualAi.generated?.content ?? null,
    onDone: () => {
      reset(EMPTY_FORM)
      setChosenType(null)
      setPropertyData(null)
      manualAi.clear()
      close()
    },
    onUpdated,
    onCreated,
  })

  const address = watch('propertyAddress')
  const projectTypeId = watch('projectTypeId')
  const templateId = watch('templateId')
  const totalCost = watch('totalCost')
  const typeName = chosenType?.name ?? projectTypes.data?.find((t) => t.id === projectTypeId)?.name ?? null

  const fetchData = useMutation({
    mutationFn: (addr: string) => fetchPropertyData(addr, org?.id),
    onSuccess: (data) => {
      setPropertyData(data)
      // Fill square footage from the property record when the user has not entered one.
      if (data.property.squareFootage != null && !form.getValues('squareFootage').trim()) {
        setValue('squareFootage', String(Math.round(data.property.squareFootage)), { shouldDirty: true })
      }
      toast({ variant: 'success', title: 'Property Data Retrieved', description: data.property.formattedAddress || undefined })
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Property Data Error', description: 'Could not fetch property data. You can still continue with the estimate.' })
    },
  })

  const chooseType = (t: ProjectType) => {
    setChosenType(t)
    setValue('projectTypeId', t.id, { shouldValidate: formState.isSubmitted, shouldDirty: true })
    setValue('projectName', suggestProjectName(t.name, form.getValues('clientName')), { shouldValidate: formState.isSubmitted, shouldDirty: true })
  }

  const addressReg = register('propertyAddress', {
    // The card describes the address it was fetched for: a new address clears it.
    onChange: () => setPropertyData(null),
  })
  const clientNameReg = register('clientName', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (chosenType) setValue('projectName', suggestProjectName(chosenType.name, e.target.value), { shouldValidate: formState.isSubmitted })
    },
  })

  const onOpenChangeGuarded = (next: boolean) => {
    if (!next && submitting) return // the progress dialog owns the screen until the flow ends
    onOpenChange(next)
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChangeGuarded}>
        <DialogContent className="max-w-3xl gap-0 p-0 sm:w-[calc(100%-3rem)]" aria-describedby="estimate-dialog-description">
          <DialogHeader className="border-b px-4 py-5 pr-12 sm:px-6">
            <DialogTitle>{mode === 'edit' ? 'Edit Estimate' : 'Create New Estimate'}</DialogTitle>
            <DialogDescription id="estimate-dialog-description">
              {mode === 'edit'
                ? 'Update the project, client and cost details of this estimate.'
                : 'Choose a project type, add the property and client, and set the total cost.'}
            </DialogDescription>
          </DialogHeader>
          <form
            noValidate
            onSubmit={handleSubmit(submit, onInvalid)}
            className="flex flex-col"
            aria-label={mode === 'edit' ? 'Edit Estimate' : 'Create New Estimate'}
          >
            <div className="space-y-7 px-4 py-6 sm:px-6">
              <Section title="Project Type" id="section-project-type" hint="What kind of work is this estimate for?">
                <div ref={typeGridRef} className="scroll-mt-14">
                  <ProjectTypeGrid
                    hasOrganization={hasOrganization}
                    isLoading={authLoading || projectTypes.isLoading}
                    error={projectTypes.error}
                    projectTypes={projectTypes.data}
                    value={projectTypeId}
                    onChange={chooseType}
                    invalid={!!errors.projectTypeId}
                    describedBy={errors.projectTypeId ? 'projectTypeId-error' : undefined}
                  />
                </div>
                {errors.projectTypeId ? (
                  <p id="projectTypeId-error" role="alert" className="text-[13px] font-medium text-destructive">
                    {errors.projectTypeId.message}
                  </p>
                ) : null}
              </Section>

              {mode === 'create' ? (
                <Section title="Starting Template" id="section-template" hint="Optional: start with sections and line items from a template.">
                  <TemplatePicker
                    hasOrganization={hasOrganization}
                    isLoading={authLoading || templates.isLoading}
                    error={templates.error}
                    templates={templates.data}
                    value={templateId}
                    onChange={(id) => setValue('templateId', id, { shouldDirty: true })}
                  />
                </Section>
              ) : null}

              <Section title="Property" id="section-property">
                <PropertyField
                  inputProps={addressReg}
                  error={errors.propertyAddress?.message}
                  canFetch={address.trim().length > 0}
                  fetching={fetchData.isPending}
                  onFetch={() => fetchData.mutate(address.trim())}
                  data={propertyData}
                />
              </Section>

              <Section title="Client" id="section-client">
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField id="clientName" label="Client Name" error={errors.clientName?.message}>
                    <Input id="clientName" autoComplete="name" placeholder="Jane Smith" {...describedBy('clientName', errors.clientName)} {...clientNameReg} />
                  </FormField>
                  <FormField id="clientEmail" label="Client Email" error={errors.clientEmail?.message}>
                    <Input
                      id="clientEmail"
                      type="email"
                      autoComplete="email"
                      placeholder="jane@example.com"
                      {...describedBy('clientEmail', errors.clientEmail)}
                      {...register('clientEmail')}
                    />
                  </FormField>
                </div>
                <FormField
                  id="projectName"
                  label="Project Name"
                  error={errors.projectName?.message}
                  hint="Set from the project type and client name; you can change it."
                >
                  <Input
                    id="projectName"
                    placeholder="Kitchen Remodel - Jane Smith"
                    {...describedBy('projectName', errors.projectName)}
                    {...register('projectName')}
                  />
                </FormField>
              </Section>

              <Section title="Cost and Details" id="section-details">
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField id="totalCost" label="Total Project Cost ($)" error={errors.totalCost?.message}>
                    <Input
                      id="totalCost"
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="0.01"
                      placeholder="25000"
                      {...describedBy('totalCost', errors.totalCost)}
                      {...register('totalCost')}
                    />
                  </FormField>
                  <FormField id="squareFootage" label="Square Footage (optional)" error={errors.squareFootage?.message}>
                    <Input
                      id="squareFootage"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                      placeholder="2000"
                      {...describedBy('squareFootage', errors.squareFootage)}
                      {...register('squareFootage')}
                    />
                  </FormField>
                </div>
                <FormField id="specialFeatures" label="Special Features (optional)" hint={SPECIAL_FEATURES_HINT}>
                  <Textarea
                    id="specialFeatures"
                    rows={3}
                    placeholder="Vaulted ceilings, custom cabinetry, solar-ready roof…"
                    {...register('specialFeatures')}
                  />
                </FormField>
                <FormField id="meetingTranscript" label="Meeting Notes / Transcript (optional)" hint={MEETING_NOTES_HINT}>
                  <Textarea
                    id="meetingTranscript"
                    rows={4}
                    placeholder="Paste notes or a transcript from your client meeting."
                    {...register('meetingTranscript')}
                  />
                </FormField>
              </Section>

              <AiContentCard
                auto={autoAi}
                loading={settings.isLoading}
                ready={!!projectTypeId && !!totalCost.trim()}
                generating={manualAi.generating}
                generated={manualAi.generated}
                onGenerate={() => manualAi.generate(form.getValues(), typeName, propertyData)}
                onClear={manualAi.clear}
              />
            </div>
            <div className="sticky bottom-0 flex justify-end gap-2 border-t bg-card/95 px-4 py-3 backdrop-blur sm:px-6 sm:py-4 [&>button]:flex-1 sm:[&>button]:flex-none">
              <Button type="button" variant="outline" onClick={() => onOpenChangeGuarded(false)} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" disabled={submitting}>
                {mode === 'edit' ? 'Update Estimate' : 'Create Estimate'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      <ProgressDialog step={step} mode={mode} />
    </>
  )
}
