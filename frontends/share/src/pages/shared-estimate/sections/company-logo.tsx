import * as React from 'react'
import { Building2 } from 'lucide-react'
import { Logo } from '@plumbline/ui'

/** The contractor's logo when they set one, else their initial in a tile (never a broken image). */
export function CompanyLogo({ src, name }: { src: string | null; name: string | null }) {
  if (src) return <Logo src={src} alt={name ? `${name} logo` : 'Company logo'} compact />
  const initial = name?.trim().charAt(0).toUpperCase()
  return (
    <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-lg bg-primary text-base font-semibold text-primary-foreground shadow-sm">
      {initial || <Building2 className="size-5" />}
    </span>
  )
}
