/** Colours of the PDF; only #rgb / #rrggbb from the company's brandingColors are accepted. */
export type Branding = { primary: string; accent: string }

export const DEFAULT_BRANDING: Branding = { primary: '#1e3a8a', accent: '#475569' }

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

export const isHexColor = (v: unknown): v is string => typeof v === 'string' && HEX.test(v.trim())

function normalize(hex: string): string {
  const h = hex.trim().toLowerCase()
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h
}

/** Relative luminance (WCAG), to refuse colours too light to read on white paper. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/**
 * The company's colours (brandingColors JSON, e.g. {primary:'#1e3a8a', secondary:'#f59e0b'}).
 * Anything that is not a hex colour, or is too light for text on white, falls back to the default.
 */
export function brandingFrom(colors: Record<string, unknown>): Branding {
  const pick = (keys: string[], fallback: string) => {
    for (const k of keys) {
      const v = colors[k]
      if (isHexColor(v) && luminance(normalize(v)) < 0.6) return normalize(v)
    }
    return fallback
  }
  return {
    primary: pick(['primary', 'primaryColor'], DEFAULT_BRANDING.primary),
    accent: pick(['secondary', 'accent', 'secondaryColor'], DEFAULT_BRANDING.accent),
  }
}
