// Plain values of the monthly limits, free of zod so a screen can read them without the schemas.

/** -1 means unlimited (spec 000 §9). */
export const UNLIMITED = -1
