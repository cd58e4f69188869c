import { FormField, Input } from '@plumbline/ui'
import { SlidersHorizontal } from 'lucide-react'
import { SectionCard } from '../form/section-card'
import type { CompanyFormApi } from '../form/use-company-form'
import { ColourPreview } from './colour-preview'
import { JsonTextField } from './json-text-field'

/** Technical Settings: the cost range variance and two JSON objects for branding and templates. */
export function TechnicalCard({ form }: { form: CompanyFormApi }) {
  const varianceError = form.visibleError('varianceRangePercentage')
  return (
    <SectionCard
      id="technical-settings"
      title="Technical Settings"
      description="Cost range, brand colours and estimate template options."
      icon={<SlidersHorizontal />}
    >
      <FormField
        id="company-varianceRangePercentage"
        label="Variance Range (%)"
        error={varianceError}
        hint="Estimates show a cost range of ± this percentage (0 to 100)."
      >
        <Input
          id="company-varianceRangePercentage"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          placeholder="10.00"
          value={form.values.varianceRangePercentage}
          onChange={(e) => form.setField('varianceRangePercentage', e.target.value)}
          onBlur={() => form.touch('varianceRangePercentage')}
          aria-invalid={varianceError ? true : undefined}
          aria-describedby={varianceError ? 'company-varianceRangePercentage-error' : undefined}
          className="sm:max-w-40"
        />
      </FormField>
      <div className="space-y-3">
        <JsonTextField
          form={form}
          field="brandingColors"
          label="Branding Colours (JSON)"
          placeholder={'{\n  "primary": "#1e40af",\n  "secondary": "#f59e0b"\n}'}
          hint='A JSON object, e.g. {"primary": "#1e40af", "secondary": "#f59e0b"}.'
        />
        <ColourPreview json={form.values.brandingColors} />
      </div>
      <JsonTextField
        form={form}
        field="estimateTemplateSettings"
        label="Estimate Template Settings (JSON)"
        placeholder={'{\n  "showPhases": true\n}'}
        hint="A JSON object of options for your estimate layout."
      />
    </SectionCard>
  )
}
