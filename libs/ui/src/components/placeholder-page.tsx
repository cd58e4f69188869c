import * as React from 'react'
import { PageBody, PageHeader } from './page-header'
import { ComingSoonCard } from './states'

/**
 * A page whose feature arrives in a later release: the real header and an empty-state card, so
 * every route of the spec exists and looks finished. Shared by the remotes that still have some.
 */
export function PlaceholderPage({
  title,
  description,
  heading,
  subheading,
  icon,
  emptyTitle,
  emptyDescription,
  children,
  onNewEstimate,
}: {
  title: string
  description?: string
  heading?: string
  subheading?: string
  icon?: React.ReactNode
  emptyTitle?: string
  emptyDescription?: string
  children?: React.ReactNode
  /** Shows the header's New Estimate button. */
  onNewEstimate?: () => void
}) {
  React.useEffect(() => {
    document.title = `${title} · Plumbline`
  }, [title])
  return (
    <>
      <PageHeader title={title} description={description} onNewEstimate={onNewEstimate} />
      <PageBody className="space-y-6">
        {heading ? (
          <div>
            <h2 className="text-xl font-semibold tracking-tight">{heading}</h2>
            {subheading ? <p className="mt-1 text-sm text-muted-foreground">{subheading}</p> : null}
          </div>
        ) : null}
        {children}
        <ComingSoonCard icon={icon} title={emptyTitle ?? 'Coming soon'} description={emptyDescription} />
      </PageBody>
    </>
  )
}
