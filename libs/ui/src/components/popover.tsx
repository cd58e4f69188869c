import { cn } from '@plumbline/ui/light'
import * as PopoverPrimitive from '@radix-ui/react-popover'
import * as React from 'react'

export const Popover = PopoverPrimitive.Root
export const PopoverTrigger = PopoverPrimitive.Trigger
export const PopoverContent = React.forwardRef<
  React.ComponentRef<typeof PopoverPrimitive.Content>,
  React.ComponentPropsWithoutRef<typeof PopoverPrimitive.Content>
>(function PopoverContent({ className, align = 'center', sideOffset = 4, ...props }, ref) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        ref={ref}
        align={align}
        sideOffset={sideOffset}
        className={cn('z-50 w-72 rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg outline-none animate-fade-in', className)}
        {...props}
      />
    </PopoverPrimitive.Portal>
  )
})
