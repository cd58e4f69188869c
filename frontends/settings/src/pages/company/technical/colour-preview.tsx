import { parseJsonObject } from '../form/json-field'

// Only strings the browser accepts as a colour get a swatch; anything else would paint nothing.
function isColour(value: unknown): value is string {
  if (typeof value !== 'string' || !value.trim()) return false
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') return CSS.supports('color', value)
  return /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value.trim())
}

/** Swatches for brandingColors.primary and .secondary while the JSON is valid. */
export function ColourPreview({ json }: { json: string }) {
  const parsed = parseJsonObject(json, '')
  if (!parsed.ok) return null
  const swatches = (['primary', 'secondary'] as const).flatMap((key) => {
    const v = parsed.value[key]
    return isColour(v) ? [{ key, value: v }] : []
  })
  if (swatches.length === 0) return null
  return (
    <ul aria-label="Brand colour preview" className="flex flex-wrap gap-3">
      {swatches.map((s) => (
        <li key={s.key} className="flex items-center gap-2 text-xs">
          <span aria-hidden="true" className="size-6 rounded-md border shadow-xs" style={{ backgroundColor: s.value }} />
          <span className="capitalize text-muted-foreground">{s.key}</span>
          <code className="font-mono">{s.value}</code>
        </li>
      ))}
    </ul>
  )
}
