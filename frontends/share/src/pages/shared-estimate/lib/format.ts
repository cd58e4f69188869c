// Display rules of the public page alone; money, numbers, dates and the variance range come
// from @plumbline/contracts/format, shared with the contractor's screens and the PDF.

/** A short, readable reference for the approval snapshot hash. */
export const shortHash = (hash: string | null | undefined) => (hash ? hash.slice(0, 12) : '')
