// Display rules of the public page alone; money, numbers, dates and the variance range come
// from @plumbline/contracts/format, shared with the contractor's screens and the PDF.

/** Spec 001 §9: collapse above 500 characters or 5 lines, previewing 150 characters. */
export const shouldCollapse = (text: string) => text.length > 500 || text.split(/\r\n|\r|\n/).length > 5
export const preview = (text: string) => (text.length > 150 ? `${text.slice(0, 150).trimEnd()}…` : text)

/** A short, readable reference for the approval snapshot hash. */
export const shortHash = (hash: string | null | undefined) => (hash ? hash.slice(0, 12) : '')
