import { zodResolver } from '@hookform/resolvers/zod'
import type { EstimatePayload } from '@plumbline/contracts'
import { Button, FormField, Input, ProjectTypeIcon, toast } from '@plumbline/ui'
import { useActiveOrganization } from '@plumbline/web'
import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Loader2, MapPin, Ruler } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { createEstimate, newIdempotencyKey } from '../../components/api/mutations'
import { formatNumber } from '../../components/format/format'
import { suggestProjectName } from '../estimate-dialog/form-schema'
import { refreshAfterEstimateWrite } from '../estimate-dialog/use-estimate-submit'
import { useWizardGuard } from './use-wizard-guard'
import { WizardLayout, WizardLoading } from './wizard-layout'
import { clearWizardData, shortAddress, updateWizardData, WIZARD_PATHS, type WizardData } from './wizard-storage'

/** Spec 001 §5 wizard step 3. */
export const ZWizardStep3 = z.object({
  clientName: z.string().trim().min(1, 'Client name is required').max(200),
  clientEmail: z.union([z.literal(''), z.string().trim().email('Please enter a valid email')]),
  projectName: z.string().trim().min(1, 'Project name is required').max(300),
  totalCost: z
    .string()
    .trim()
    .min(1, 'Estimated total cost is required')
    .refine((v) => Number.isFinite(Number(v)) && Number(v) >= 0, 'Estimated total cost is required'),
})
export type Step3Values = z.infer<typeof ZWizardStep3>

export const WIZARD_CREATE_ERROR = 'Failed to create estimate. Please try again.'

/** Step 3 is reached only with a project type chosen (the wizard guard sends you back otherwise). */
type TypedWizardData = WizardData & { projectType: NonNullable<WizardData['projectType']> }

/** Spec 001 §7: the wizard's create payload (empty special features and transcript). */
export function wizardPayload(data: TypedWizardData, v: Step3Values): EstimatePayload {
  const sq = (data.squareFootage ?? '').trim()
  const sqNum = sq === '' ? NaN : Math.round(Number(sq))
  return {
    projectTypeId: data.projectType.id,
    projectName: v.projectName.trim(),
    clientName: v.clientName.trim(),
    ...(v.clientEmail.trim() ? { clientEmail: v.clientEmail.trim() } : {}),
    propertyAddress: (data.propertyAddress ?? '').trim(),
    totalCost: v.totalCost.trim(),
    ...(Number.isFinite(sqNum) ? { squareFootage: sqNum } : {}),
    specialFeatures: '',
    meetingTranscript: '',
  }
}

export default function WizardStep3() {
  const data = useWizardGuard(3)
  if (!data?.projectType) return <WizardLoading />
  return <Step3Form data={{ ...data, projectType: data.projectType }} />
}

function SummaryCard({ icon, label, title, detail }: { icon: React.ReactNode; label: string; title: string; detail?: React.ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/30 p-3.5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted-foreground">{label}</p>
        <p className="truncate text-sm font-semibold">{title}</p>
        {detail ? <p className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">{detail}</p> : null}
      </div>
    </div>
  )
}

function Step3Form({ data }: { data: TypedWizardData }) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const org = useActiveOrganization()
  const typeName = data.projectType.name
  const [creating, setCreating] = React.useState(false)
  const { register, handleSubmit, getValues, setValue, watch, formState } = useForm<Step3Values>({
    resolver: zodResolver(ZWizardStep3),
    mode: 'onTouched',
    defaultValues: {
      clientName: data.clientName ?? '',
      clientEmail: data.clientEmail ?? '',
      projectName: data.projectName || suggestProjectName(typeName, data.clientName),
      totalCost: data.totalCost ?? '',
    },
  })
  // Create is enabled only while the form is valid; errors show once a field is left (onTouched).
  const valid = ZWizardStep3.safeParse(watch()).success
  const e = formState.errors
  const lastClient = React.useRef(data.clientName ?? '')

  const clientNameReg = register('clientName', {
    onChange: (ev: React.ChangeEvent<HTMLInputElement>) => {
      // The project name follows the client name until the user writes their own.
      const current = getValues('projectName')
      const prevSuggestion = suggestProjectName(typeName, lastClient.current)
      lastClient.current = ev.target.value
      if (!current.trim() || current === prevSuggestion) setValue('projectName', suggestProjectName(typeName, ev.target.value), { shouldValidate: true })
    },
  })

  const onBack = () => {
    updateWizardData({ ...getValues() })
    navigate(WIZARD_PATHS[2])
  }

  const onCreate = handleSubmit(async (v) => {
    if (!org) {
      toast({ variant: 'destructive', title: 'Error', description: WIZARD_CREATE_ERROR })
      return
    }
    setCreating(true)
    updateWizardData({ ...v })
    try {
      const estimate = await createEstimate(org.id, wizardPayload(data, v), newIdempotencyKey())
      clearWizardData()
      await refreshAfterEstimateWrite(qc, org.id)
      toast({ variant: 'success', title: 'Estimate created', description: 'Your estimate is ready. Add line items, content and share it from here.' })
      navigate(`/estimates/${encodeURIComponent(estimate.id)}`)
    } catch (err) {
      console.error('Wizard create failed', err)
      setCreating(false)
      toast({ variant: 'destructive', title: 'Error', description: WIZARD_CREATE_ERROR })
    }
  })

  const sq = (data.squareFootage ?? '').trim()
  return (
    <WizardLayout
      step={3}
      footer={
        <>
          <Button variant="outline" onClick={onBack} disabled={creating}>
            <ArrowLeft /> Back
          </Button>
          <Button onClick={onCreate} disabled={!valid || creating}>
            {creating ? (
              <>
                <Loader2 className="animate-spin" /> Creating...
              </>
            ) : (
              'Create Estimate'
            )}
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SummaryCard icon={<ProjectTypeIcon icon={data.projectType.icon} className="size-4.5" />} label="Project type" title={typeName} />
        <SummaryCard
          icon={<MapPin className="size-4.5" />}
          label="Property"
          title={shortAddress(data.propertyAddress) || '—'}
          detail={
            <>
              <Ruler className="size-3.5" /> {sq && Number.isFinite(Number(sq)) ? `${formatNumber(Math.round(Number(sq)))} sq ft` : 'Square footage not set'}
            </>
          }
        />
      </div>
      <form noValidate onSubmit={onCreate} className="space-y-4" aria-label="Client information">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField id="wizard-client-name" label="Client Name" error={e.clientName?.message}>
            <Input
              id="wizard-client-name"
              autoComplete="name"
              placeholder="Jane Smith"
              aria-invalid={e.clientName ? true : undefined}
              aria-describedby={e.clientName ? 'wizard-client-name-error' : undefined}
              {...clientNameReg}
            />
          </FormField>
          <FormField
            id="wizard-client-email"
            label="Client Email (optional)"
            error={e.clientEmail?.message}
            hint="Only needed to email the estimate to your client."
          >
            <Input
              id="wizard-client-email"
              type="email"
              autoComplete="email"
              placeholder="jane@example.com"
              aria-invalid={e.clientEmail ? true : undefined}
              aria-describedby={e.clientEmail ? 'wizard-client-email-error' : undefined}
              {...register('clientEmail')}
            />
          </FormField>
        </div>
        <FormField
          id="wizard-project-name"
          label="Project Name"
          error={e.projectName?.message}
          hint="Suggested from the project type and client; edit as you like."
        >
          <Input
            id="wizard-project-name"
            aria-invalid={e.projectName ? true : undefined}
            aria-describedby={e.projectName ? 'wizard-project-name-error' : undefined}
            {...register('projectName')}
          />
        </FormField>
        <FormField id="wizard-total-cost" label="Estimated Total Cost ($)" error={e.totalCost?.message}>
          <Input
            id="wizard-total-cost"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="25000"
            className="sm:max-w-xs"
            aria-invalid={e.totalCost ? true : undefined}
            aria-describedby={e.totalCost ? 'wizard-total-cost-error' : undefined}
            {...register('totalCost')}
          />
        </FormField>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </WizardLayout>
  )
}
