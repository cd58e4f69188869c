import { ImageIcon } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/utils'

/** Spec 000 §9: up to 200x100 by default, 100x40 compact, placeholder at least 80x40. */
export const LOGO_SIZES = {
  default: { maxWidth: 200, maxHeight: 100 },
  compact: { maxWidth: 100, maxHeight: 40 },
  placeholder: { minWidth: 80, minHeight: 40 },
} as const

/** Company logo with a pulse placeholder while loading and a placeholder icon when absent or failed. */
export function Logo({
  src,
  alt = 'Company logo',
  compact = false,
  isLoading = false,
  className,
}: {
  src?: string | null
  alt?: string
  compact?: boolean
  isLoading?: boolean
  className?: string
}) {
  const [status, setStatus] = React.useState<'loading' | 'loaded' | 'error'>(src ? 'loading' : 'error')
  React.useEffect(() => setStatus(src ? 'loading' : 'error'), [src])
  const size = compact ? LOGO_SIZES.compact : LOGO_SIZES.default
  const placeholderStyle = { minWidth: LOGO_SIZES.placeholder.minWidth, minHeight: LOGO_SIZES.placeholder.minHeight }

  if (isLoading) {
    return <div data-testid="logo-loading" className={cn('animate-pulse rounded-md bg-muted', className)} style={placeholderStyle} />
  }
  if (!src || status === 'error') {
    return (
      <div
        data-testid="logo-placeholder"
        className={cn('flex items-center justify-center rounded-md border border-dashed bg-muted/50 text-muted-foreground', className)}
        style={placeholderStyle}
      >
        <ImageIcon className="size-5" aria-label="No logo" />
      </div>
    )
  }
  return (
    <div className={cn('relative inline-flex', className)}>
      {status === 'loading' ? <div className="absolute inset-0 animate-pulse rounded-md bg-muted" style={placeholderStyle} /> : null}
      <img
        src={src}
        alt={alt}
        onLoad={() => setStatus('loaded')}
        onError={() => setStatus('error')}
        className={cn('object-contain', status === 'loading' && 'opacity-0')}
        style={{ maxWidth: size.maxWidth, maxHeight: size.maxHeight }}
      />
    </div>
  )
}

/** The Plumbline brand mark (a plumb bob) and wordmark. */
export function BrandMark({ className, withText = true, inverted = false }: { className?: string; withText?: boolean; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span className={cn('flex size-8 items-center justify-center rounded-lg shadow-sm', inverted ? 'bg-white/15 ring-1 ring-white/25' : 'bg-brand')}>
        <svg viewBox="0 0 24 24" className="size-[18px]" fill="none" aria-hidden="true">
          <path d="M12 2v6" stroke="white" strokeWidth="2" strokeLinecap="round" />
          <path d="M7 9h10l-5 12L7 9Z" fill="var(--amber)" stroke="var(--amber)" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </span>
      {withText ? <span className={cn('text-[17px] font-semibold tracking-tight', inverted ? 'text-white' : 'text-foreground')}>Plumbline</span> : null}
    </span>
  )
}
