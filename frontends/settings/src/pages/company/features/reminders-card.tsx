import { REMINDER_LIMITS } from '@plumbline/contracts/estimate-sending-text'
import { Label, Switch, WholeNumberInput } from '@plumbline/ui'
import { BellRing } from 'lucide-react'
import { SectionCard } from '../form/section-card'
import type { CompanyFormApi } from '../form/use-company-form'

/** Follow-up reminders: the default every estimate sent from the app starts with (the Send dialog can change it). */
export function RemindersCard({ form }: { form: CompanyFormApi }) {
  const r = form.values.reminders
  const set = (next: Partial<typeof r>) => form.setField('reminders', { ...r, ...next })
  return (
    <SectionCard
      id="follow-up-reminders"
      title="Follow-up Reminders"
      description="Remind clients by e-mail while an estimate you sent waits for their answer. Reminders stop once they decide."
      icon={<BellRing />}
    >
      <div className="grid gap-4 rounded-lg border p-4">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <Label htmlFor="company-reminders-enabled">Remind by default</Label>
            <p className="text-[13px] text-muted-foreground">New sends start with reminders on.</p>
          </div>
          <Switch id="company-reminders-enabled" checked={r.enabled} onCheckedChange={(v) => set({ enabled: v })} />
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Label htmlFor="company-reminders-every" className="font-normal">
            Every
          </Label>
          <WholeNumberInput
            id="company-reminders-every"
            className="h-9 w-20"
            {...REMINDER_LIMITS.everyDays}
            value={r.everyDays}
            onValue={(everyDays) => set({ everyDays })}
          />
          <span>days, at most</span>
          <WholeNumberInput
            id="company-reminders-max"
            aria-label="Reminders at most"
            className="h-9 w-20"
            {...REMINDER_LIMITS.max}
            value={r.max}
            onValue={(max) => set({ max })}
          />
          <span>reminders</span>
        </div>
      </div>
    </SectionCard>
  )
}
