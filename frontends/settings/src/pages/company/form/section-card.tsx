import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@plumbline/ui'
import type * as React from 'react'

/** A titled card of the Company tab; the heading names the region for screen readers and tests. */
export function SectionCard({
  id,
  title,
  description,
  icon,
  children,
}: {
  id: string
  title: string
  description: string
  icon: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="min-w-0">
      <CardHeader className="flex-row items-start gap-3 space-y-0 p-5 sm:p-6">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-[18px]">{icon}</div>
        <div className="min-w-0 space-y-1">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-5 p-5 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  )
}
