// The money module: amounts in integer cents and their rounding rule (cents.ts), the variance
// range and its default (variance.ts), and an estimate's totals with markup and tax (totals.ts).
// Zod-free, so every front end may import it (`@plumbline/contracts/money`).
export * from './cents.js'
export * from './totals.js'
export * from './variance.js'
