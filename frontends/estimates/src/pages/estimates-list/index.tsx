import { Calculator } from 'lucide-react'
import { PlaceholderPage } from '../../components/placeholder-page'

export default function EstimatesListPage() {
  return (
    <PlaceholderPage
      title="Cost Estimator"
      heading="Estimates"
      subheading="Manage your construction cost estimates"
      icon={<Calculator />}
      emptyTitle="Coming soon"
      emptyDescription="Create, filter and share professional cost estimates right here. This page is almost ready."
    />
  )
}
