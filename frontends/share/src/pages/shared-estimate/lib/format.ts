// Display rules of the public page alone; money, numbers and dates come from
// @plumbline/contracts/format and the variance range from @plumbline/contracts/money, shared with
// the contractor's screens and the PDF.

/** A short, readable reference for the approval snapshot hash. */
export const shortHash = (hash: string | null | undefined) => (hash ? hash.slice(0, 12) : '')
