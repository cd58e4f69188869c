import type { PropertyData } from '@plumbline/contracts'
import type { UsAddress } from '../domain/property-address.js'

/**
 * Where property facts and the wildfire hazard come from. The address has already been parsed
 * and normalised (src/domain/property-address.ts); a provider adds what it honestly knows and
 * leaves the rest null. Failures throw AppErrors with a message a user can act on.
 */
export type PropertyDataProvider = {
  name: string
  lookup(address: UsAddress): Promise<PropertyData>
}
