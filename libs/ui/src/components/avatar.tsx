import * as React from 'react'
import { cn } from '../lib/utils'

/** Avatar showing the first letter of a name (or '?' when empty). */
export function avatarInitial(name: string | null | undefined): string {
  const c = (name ?? '').trim().charAt(0)
  return c ? c.toUpperCase() : '?'
}
export function Avatar({ name, className, src }: { name?: string | null; className?: string; src?: string | null }) {
  const [failed, setFailed] = React.useState(false)
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-primary to-primary/70 text-sm font-semibold text-primary-foreground ring-2 ring-card',
        className,
      )}
    >
      {src && !failed ? <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} /> : avatarInitial(name)}
    </span>
  )
}
