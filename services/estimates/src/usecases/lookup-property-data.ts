import type { PropertyData } from '@plumbline/contracts'
import { badRequest } from '@plumbline/service-kit'
import { addressErrorMessage, parseUsAddress } from '../domain/property-address.js'
import type { PropertyDataProvider } from '../property/provider.js'

/**
 * POST /external/enhanced-property-data: validates and normalises the address here (400 when it
 * cannot be read, whatever the provider), then asks the configured provider what it knows.
 */
export async function lookupPropertyData(provider: PropertyDataProvider, address: string): Promise<PropertyData> {
  const parsed = parseUsAddress(address)
  if (!parsed.ok) {
    const message = addressErrorMessage(parsed.reason)
    throw badRequest(message, [{ field: 'address', message }])
  }
  return provider.lookup(parsed.address)
}
