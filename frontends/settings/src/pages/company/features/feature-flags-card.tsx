import { Label, Switch } from '@plumbline/ui'
import { ToggleRight } from 'lucide-react'
import type { FlagField } from '../form/form-state'
import { SectionCard } from '../form/section-card'
import type { CompanyFormApi } from '../form/use-company-form'

type FeatureFlag = Exclude<FlagField, 'autoGenerateAI'>

export const FEATURE_FLAGS: { field: FeatureFlag; label: string; description: string }[] = [
  { field: 'enableLineItems', label: 'Line items', description: 'Itemise estimates with quantities, units and unit costs on the estimate screen.' },
  { field: 'enableCostByType', label: 'Cost by type', description: 'Split costs into labor, material, equipment and subcontractor.' },
  { field: 'enableSections', label: 'Sections', description: 'Group line items into named sections such as Demolition or Framing.' },
  { field: 'enableBusinessInsights', label: 'Business insights', description: 'Show trends and margins from your estimates.' },
  { field: 'enableMarkupProfiles', label: 'Markup profiles', description: 'Apply overhead, profit and tax profiles to estimate totals.' },
]

/** Feature Configuration: the five organisation flags, all off until switched on. */
export function FeatureFlagsCard({ form }: { form: CompanyFormApi }) {
  return (
    <SectionCard
      id="feature-configuration"
      title="Feature Configuration"
      description="Turn estimate features on or off for everyone in your organization."
      icon={<ToggleRight />}
    >
      <ul className="divide-y rounded-lg border">
        {FEATURE_FLAGS.map((f) => {
          const id = `company-${f.field}`
          return (
            <li key={f.field} className="flex items-start justify-between gap-4 p-4">
              <div className="min-w-0 space-y-1">
                <Label htmlFor={id}>{f.label}</Label>
                <p className="text-[13px] text-muted-foreground">{f.description}</p>
              </div>
              <Switch id={id} checked={form.values[f.field]} onCheckedChange={(v) => form.setField(f.field, v)} />
            </li>
          )
        })}
      </ul>
    </SectionCard>
  )
}
