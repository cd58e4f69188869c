import { Tooltip, TooltipContent, TooltipTrigger } from '@plumbline/ui'
import type * as React from 'react'
import { portalScope } from './portal-scope'

/**
 * A control that cannot be used now, with a tooltip saying why. The child must stay focusable
 * (aria-disabled, not disabled: a disabled button gets neither focus nor pointer events), so
 * keyboard and pointer users both reach the tooltip and screen readers hear it is unavailable.
 */
export function DisabledWithTooltip({ tooltip, children }: { tooltip: string; children: React.ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent {...portalScope}>{tooltip}</TooltipContent>
    </Tooltip>
  )
}
