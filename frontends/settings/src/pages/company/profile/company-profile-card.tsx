import type { CompanySettings } from '@plumbline/contracts'
import { Building2 } from 'lucide-react'
import { SectionCard } from '../form/section-card'
import { TextInputField } from '../form/text-field'
import type { CompanyFormApi } from '../form/use-company-form'
import { LogoSection } from './logo-section'

/** Company Profile: the logo (saved on its own) and the contact facts (saved with the form). */
export function CompanyProfileCard({ form, settings, orgId }: { form: CompanyFormApi; settings: Partial<CompanySettings>; orgId: string | null }) {
  return (
    <SectionCard
      id="company-profile"
      title="Company Profile"
      description="How your company appears on estimates, proposals and the client page."
      icon={<Building2 />}
    >
      <LogoSection settings={settings} orgId={orgId} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextInputField form={form} field="companyName" label="Company Name" placeholder="Acme Builders LLC" autoComplete="organization" />
        <TextInputField form={form} field="contractorLicense" label="Contractor License" placeholder="CSLB #123456" />
        <TextInputField form={form} field="companyEmail" label="Company Email" type="email" placeholder="office@example.com" autoComplete="email" />
        <TextInputField form={form} field="companyPhone" label="Company Phone" type="tel" placeholder="(555) 123-4567" autoComplete="tel" />
        <TextInputField form={form} field="website" label="Website" type="url" placeholder="https://example.com" autoComplete="url" />
        <TextInputField form={form} field="companyAddress" label="Company Address" placeholder="123 Main St, Springfield, IL" autoComplete="street-address" />
      </div>
    </SectionCard>
  )
}
