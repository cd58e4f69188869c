/**
 * Keys for a fixed number of loading placeholders (skeleton cards and rows). They never reorder
 * or change, so their position is their identity; this names it once instead of keying by index.
 */
export const placeholderKeys = (count: number): string[] => Array.from({ length: count }, (_, i) => `placeholder-${i + 1}`)
