import * as React from 'react'
import { useNavigate } from 'react-router'
import { ComingSoonCard, PageBody, PageHeader } from '@plumbline/ui'

/** A page that is still being built: the real header and an empty-state card. */
export function PlaceholderPage({
  title,
  description,
  heading,
  subheading,
  icon,
  emptyTitle,
  emptyDescription,
  children,
  showNewEstimate = true,
}: {
  title: string
  description?: string
  heading?: string
  subheading?: string
  icon?: React.ReactNode
  emptyTitle?: string
  emptyDescription?: string
  children?: React.ReactNode
  showNewEstimate?: boolean
}) {
  const navigate = useNavigate()
  React.useEffect(() => {
    document.title = `${title} · Plumbline`
  }, [title])
  return (
    <>
      <PageHeader title={title} description={description} onNewEstimate={showNewEstimate ? () => navigate('/cost-estimator?new=1') : undefined} />
      <PageBody className="space-y-6">
        {heading ? (
          <div>
            <h2 className="text-xl font-semibold tracking-tight">{heading}</h2>
            {subheading ? <p className="mt-1 text-sm text-muted-foreground">{subheading}</p> : null}
          </div>
        ) : null}
        {children}
        <ComingSoonCard icon={icon} title={emptyTitle ?? "Coming soon"} description={emptyDescription} />
      </PageBody>
    </>
  )
}
