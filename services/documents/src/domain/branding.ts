import { brandColorsOf, DEFAULT_BRAND_COLORS } from '@plumbline/contracts'

/** Colours of the PDF, the same rule as the e-mails' (contracts' brandColorsOf). */
export type Branding = { primary: string; accent: string }

export const DEFAULT_BRANDING: Branding = DEFAULT_BRAND_COLORS

/** The company's colours (brandingColors JSON); anything unusable falls back to the default. */
export const brandingFrom = (colors: Record<string, unknown>): Branding => brandColorsOf(colors)
