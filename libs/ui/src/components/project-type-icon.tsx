import { Building2, Droplet, Fan, Flame, Hammer, HardHat, House, Layers, type LucideIcon, Package, PaintRoller, Trees, Wrench, Zap } from 'lucide-react'

// Project types carry Font Awesome strings ('fas fa-home') or bare names ('hammer', 'layers')
// (spec 000 §3, 001 §3). Both map onto lucide icons; anything unknown is a package (the spec's default).
const ICONS: Record<string, LucideIcon> = {
  home: House,
  house: House,
  'house-chimney': House,
  hammer: Hammer,
  tools: Wrench,
  tool: Wrench,
  wrench: Wrench,
  'screwdriver-wrench': Wrench,
  fire: Flame,
  flame: Flame,
  'fire-flame-curved': Flame,
  building: Building2,
  city: Building2,
  industry: Building2,
  warehouse: Building2,
  package: Package,
  box: Package,
  cube: Package,
  layers: Layers,
  'layer-group': Layers,
  paint: PaintRoller,
  'paint-roller': PaintRoller,
  'paint-brush': PaintRoller,
  brush: PaintRoller,
  bolt: Zap,
  zap: Zap,
  plug: Zap,
  droplet: Droplet,
  tint: Droplet,
  water: Droplet,
  faucet: Droplet,
  'faucet-drip': Droplet,
  tree: Trees,
  trees: Trees,
  leaf: Trees,
  seedling: Trees,
  fan: Fan,
  snowflake: Fan,
  wind: Fan,
  'temperature-half': Fan,
  'hard-hat': HardHat,
  'helmet-safety': HardHat,
}

/** 'fas fa-home' → 'home', 'Hammer' → 'hammer'. */
export function iconName(icon: string | null | undefined): string {
  const tokens = (icon ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean)
  // The icon name is the last token that is not a style prefix (fas, far, fa-solid…).
  const named = tokens.filter((t) => !/^(fa[srlbd]?|fa-(solid|regular|light|brands|duotone))$/.test(t))
  const last = named[named.length - 1] ?? ''
  return last.replace(/^fa-/, '')
}

export function projectTypeIcon(icon: string | null | undefined): LucideIcon {
  return ICONS[iconName(icon)] ?? Package
}

export function ProjectTypeIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  const Icon = projectTypeIcon(icon)
  return <Icon className={className} aria-hidden="true" />
}
