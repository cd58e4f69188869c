import type { CompanySettings } from '@plumbline/contracts'
import { Button, Card, EmptyState, toast } from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertCircle, RotateCw } from 'lucide-react'
import { AiConfigCard } from './ai/ai-config-card'
import { CompanySkeleton } from './company-skeleton'
import { updateCompanySettings } from './data/api'
import { fieldErrorsOf, serverMessageOr } from './data/errors'
import { companySettingsKey } from './data/keys'
import { FeatureFlagsCard } from './features/feature-flags-card'
import { RemindersCard } from './features/reminders-card'
import { useCompanyForm } from './form/use-company-form'
import { useUnsavedGuard } from './form/use-unsaved-guard'
import { CompanyProfileCard } from './profile/company-profile-card'
import { SaveBar } from './save-bar'
import { TechnicalCard } from './technical/technical-card'

export const SAVE_FAILED = 'Failed to update company settings'

/** The four cards over one form; only the fields that changed are sent (the PUT is partial). */
function CompanySettingsForm({ orgId, settings }: { orgId: string; settings: Partial<CompanySettings> }) {
  const qc = useQueryClient()
  const form = useCompanyForm(settings)
  useUnsavedGuard(form.dirty)
  const save = useMutation({
    mutationFn: () => updateCompanySettings(orgId, form.patch),
    onSuccess: (saved) => {
      qc.setQueryData(companySettingsKey(orgId), saved)
      form.reset(saved)
      toast({ variant: 'success', title: 'Settings saved', description: 'Company settings were updated.' })
    },
    onError: (err) => {
      form.setServerErrors(fieldErrorsOf(err))
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(err, SAVE_FAILED) })
    },
  })

  const onSave = () => {
    form.markSubmitted()
    if (form.hasErrors) {
      toast({ variant: 'destructive', title: 'Check the highlighted fields', description: 'Settings were not saved.' })
      return
    }
    save.mutate()
  }

  return (
    <div className="space-y-6">
      <CompanyProfileCard form={form} settings={settings} orgId={orgId} />
      <AiConfigCard form={form} orgId={orgId} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <TechnicalCard form={form} />
        <FeatureFlagsCard form={form} />
      </div>
      <RemindersCard form={form} />
      <SaveBar dirty={form.dirty} saving={save.isPending} changeCount={Object.keys(form.patch).length} onSave={onSave} onDiscard={form.discard} />
    </div>
  )
}

/** Company tab: loads the organisation's settings, then the form (keyed by org so it starts fresh). */
export function CompanyTab({ orgId }: { orgId: string }) {
  const settings = useQuery<Partial<CompanySettings>>({ queryKey: companySettingsKey(orgId) })
  if (settings.isError && !settings.data) {
    return (
      <Card role="alert">
        <EmptyState
          icon={<AlertCircle className="text-destructive" />}
          title="Could not load company settings"
          description={parseApiError(settings.error).message || 'Please try again.'}
          action={
            <Button variant="outline" onClick={() => settings.refetch()} disabled={settings.isFetching}>
              <RotateCw /> Retry
            </Button>
          }
        />
      </Card>
    )
  }
  if (!settings.data) return <CompanySkeleton />
  return <CompanySettingsForm key={orgId} orgId={orgId} settings={settings.data} />
}
