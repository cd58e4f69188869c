import { Droplet, Fan, Hammer, HardHat, Layers, type LucideIcon, PaintRoller, Shapes, Trees, Zap } from 'lucide-react'

/** Categories in display order; 'construction' is the older spelling of general_construction. */
export const CATEGORY_ORDER = ['roofing', 'painting', 'general_construction', 'electrical', 'plumbing', 'flooring', 'landscaping', 'hvac', 'other'] as const
export type CategoryKey = (typeof CATEGORY_ORDER)[number]

export const CATEGORY_META: Record<CategoryKey, { label: string; icon: LucideIcon; tint: string }> = {
  roofing: { label: 'Roofing', icon: HardHat, tint: 'bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300' },
  painting: { label: 'Painting', icon: PaintRoller, tint: 'bg-pink-100 text-pink-700 dark:bg-pink-500/15 dark:text-pink-300' },
  general_construction: { label: 'General Construction', icon: Hammer, tint: 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300' },
  electrical: { label: 'Electrical', icon: Zap, tint: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-500/15 dark:text-yellow-300' },
  plumbing: { label: 'Plumbing', icon: Droplet, tint: 'bg-cyan-100 text-cyan-700 dark:bg-cyan-500/15 dark:text-cyan-300' },
  flooring: { label: 'Flooring', icon: Layers, tint: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300' },
  landscaping: { label: 'Landscaping', icon: Trees, tint: 'bg-green-100 text-green-700 dark:bg-green-500/15 dark:text-green-300' },
  hvac: { label: 'HVAC', icon: Fan, tint: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300' },
  other: { label: 'Other', icon: Shapes, tint: 'bg-slate-100 text-slate-700 dark:bg-slate-500/15 dark:text-slate-300' },
}

/** Spec 000 §3: anything else, or missing, is grouped as 'other'. */
export function normalizeCategory(category: string | null | undefined): CategoryKey {
  const c = (category ?? '').trim().toLowerCase()
  if (c === 'construction') return 'general_construction'
  return (CATEGORY_ORDER as readonly string[]).includes(c) ? (c as CategoryKey) : 'other'
}

/** Groups items by normalised category, in display order, skipping empty groups. */
export function groupByCategory<T extends { category: string | null | undefined }>(items: T[]): { category: CategoryKey; items: T[] }[] {
  const groups = new Map<CategoryKey, T[]>()
  for (const item of items) {
    const key = normalizeCategory(item.category)
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  return CATEGORY_ORDER.flatMap((k) => {
    const inCategory = groups.get(k)
    return inCategory ? [{ category: k, items: inCategory }] : []
  })
}

export function CategoryIcon({ category, className }: { category: string | null | undefined; className?: string }) {
  const Icon = CATEGORY_META[normalizeCategory(category)].icon
  return <Icon className={className} aria-hidden="true" />
}
