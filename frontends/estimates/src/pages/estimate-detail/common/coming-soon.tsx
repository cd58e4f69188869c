import * as React from 'react'
import { Tooltip, TooltipContent, TooltipTrigger } from '@plumbline/ui'
import { portalScope } from './portal-scope'

/**
 * Wraps a disabled control so its tooltip still opens: disabled buttons get no pointer events,
 * so the focusable span is the trigger instead.
 */
export function DisabledWithTooltip({ tooltip, children, className }: { tooltip: string; children: React.ReactNode; className?: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className={className ?? 'inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40'}>
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent {...portalScope}>{tooltip}</TooltipContent>
    </Tooltip>
  )
}
