import { REMINDER_LIMITS } from '@plumbline/contracts/estimate-sending-text'
import { Input, Label, Switch } from '@plumbline/ui'
import { BellRing } from 'lucide-react'
import { SectionCard } from '../form/section-card'
import type { CompanyFormApi } from '../form/use-company-form'

const clamp = (v: number, { min, max }: { min: number; max: number }) => (Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : min)

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
          <Input
            id="company-reminders-every"
            type="number"
            className="h-9 w-20"
            min={REMINDER_LIMITS.everyDays.min}
            max={REMINDER_LIMITS.everyDays.max}
            value={r.everyDays}
            onChange={(e) => set({ everyDays: clamp(e.target.valueAsNumber, REMINDER_LIMITS.everyDays) })}
          />
          <span>days, at most</span>
          <Input
            id="company-reminders-max"
            aria-label="Reminders at most"
            type="number"
            className="h-9 w-20"
            min={REMINDER_LIMITS.max.min}
            max={REMINDER_LIMITS.max.max}
            value={r.max}
            onChange={(e) => set({ max: clamp(e.target.valueAsNumber, REMINDER_LIMITS.max) })}
          />
          <span>reminders</span>
        </div>
      </div>
    </SectionCard>
  )
}
