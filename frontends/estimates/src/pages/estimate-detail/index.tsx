import { useParams } from 'react-router'
import { FileText } from 'lucide-react'
import { PlaceholderPage } from '../../components/placeholder-page'

/** Placeholder until the estimate detail screen lands (owned by the detail work). */
export default function EstimateDetailPage() {
  const { id } = useParams()
  return (
    <PlaceholderPage
      title="Estimate Details"
      description={id ? `Estimate ${id}` : undefined}
      icon={<FileText />}
      emptyTitle="Coming soon"
      emptyDescription="Line items, AI documentation, phase budgets and sharing will appear here."
    />
  )
}
