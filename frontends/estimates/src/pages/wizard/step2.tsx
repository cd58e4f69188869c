import { zodResolver } from '@hookform/resolvers/zod'
import type { PropertyData } from '@plumbline/contracts'
import { Button, FormField, Input, toast } from '@plumbline/ui'
import { useActiveOrganization } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { ArrowLeft, ArrowRight, Loader2, MapPinCheck } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { fetchPropertyData } from '../../components/api/mutations'
import { PropertyInfoCard } from '../../components/property/property-info-card'
import { useWizardGuard } from './use-wizard-guard'
import { WizardLayout, WizardLoading } from './wizard-layout'
import { updateWizardData, WIZARD_PATHS } from './wizard-storage'

/** Spec 001 §5: address required, square footage an optional number. */
export const ZWizardStep2 = z.object({
  propertyAddress: z.string().trim().min(1, 'Property address is required').max(500),
  squareFootage: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+(\.\d+)?$/.test(v) && Number.isFinite(Number(v))), 'Please enter a number'),
})
type Step2Values = z.infer<typeof ZWizardStep2>

export const ADDRESS_VALIDATION_ERROR = 'Could not validate address. You can still continue with the estimate.'

export default function WizardStep2() {
  const data = useWizardGuard(2)
  if (!data) return <WizardLoading />
  return <Step2Form initial={data} />
}

function Step2Form({ initial }: { initial: NonNullable<ReturnType<typeof useWizardGuard>> }) {
  const navigate = useNavigate()
  const org = useActiveOrganization()
  const [propertyData, setPropertyData] = React.useState<PropertyData | null>(initial.propertyData ?? null)
  const [addressValidated, setAddressValidated] = React.useState(initial.addressValidated ?? false)
  const { register, handleSubmit, watch, getValues, setValue, formState } = useForm<Step2Values>({
    resolver: zodResolver(ZWizardStep2),
    defaultValues: { propertyAddress: initial.propertyAddress ?? '', squareFootage: initial.squareFootage ?? '' },
  })
  const address = watch('propertyAddress')

  const validate = useMutation({
    mutationFn: (addr: string) => fetchPropertyData(addr, org?.id),
    onSuccess: (d) => {
      setPropertyData(d)
      setAddressValidated(d.source?.addressValidated ?? true)
      if (d.property.squareFootage != null && !getValues('squareFootage').trim()) setValue('squareFootage', String(Math.round(d.property.squareFootage)))
      toast({ variant: 'success', title: 'Property Data Retrieved', description: d.property.formattedAddress || undefined })
    },
    onError: () => {
      setAddressValidated(false)
      toast({ variant: 'destructive', title: 'Error', description: ADDRESS_VALIDATION_ERROR })
    },
  })

  const persist = (v: Step2Values, step: number) =>
    updateWizardData({ step, propertyAddress: v.propertyAddress.trim(), squareFootage: v.squareFootage.trim(), propertyData, addressValidated })

  const onContinue = handleSubmit((v) => {
    persist(v, 2)
    navigate(WIZARD_PATHS[3])
  })
  const onBack = () => {
    persist(getValues(), 0)
    navigate(WIZARD_PATHS[1])
  }

  const addressReg = register('propertyAddress', {
    onChange: () => {
      // Validation belongs to the address it was run for.
      setPropertyData(null)
      setAddressValidated(false)
    },
  })
  const e = formState.errors
  return (
    <WizardLayout
      step={2}
      footer={
        <>
          <Button variant="outline" onClick={onBack}>
            <ArrowLeft /> Back
          </Button>
          <Button onClick={onContinue}>
            Continue <ArrowRight />
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={onContinue} className="space-y-5" aria-label="Property details">
        <FormField id="wizard-address" label="Property Address" error={e.propertyAddress?.message}>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="wizard-address"
              autoComplete="street-address"
              placeholder="123 Main St, Springfield, IL 62701"
              aria-invalid={e.propertyAddress ? true : undefined}
              aria-describedby={e.propertyAddress ? 'wizard-address-error' : undefined}
              {...addressReg}
            />
            <Button
              type="button"
              variant="outline"
              className="h-10 shrink-0"
              disabled={!address.trim() || validate.isPending}
              onClick={() => validate.mutate(address.trim())}
            >
              {validate.isPending ? <Loader2 className="animate-spin" /> : <MapPinCheck />}
              Validate
            </Button>
          </div>
        </FormField>
        <FormField id="wizard-sqft" label="Square Footage (optional)" error={e.squareFootage?.message}>
          <Input
            id="wizard-sqft"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="2000"
            className="sm:max-w-xs"
            aria-invalid={e.squareFootage ? true : undefined}
            aria-describedby={e.squareFootage ? 'wizard-sqft-error' : undefined}
            {...register('squareFootage')}
          />
        </FormField>
        {propertyData ? <PropertyInfoCard data={propertyData} /> : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </WizardLayout>
  )
}
