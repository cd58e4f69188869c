import type { PropertyData } from '@plumbline/contracts'
import type { UsAddress } from '../domain/property-address.js'
import type { PropertyDataProvider } from './provider.js'

// The default provider: no outside data source. It validates and normalises the address format
// and says plainly that it knows nothing else, instead of inventing bedrooms or a risk level.

export const NO_FIRE_DATA_DESCRIPTION =
  'No wildfire hazard data source is configured. The wildfire risk of this property has not been assessed; check your state or local fire hazard maps.'

/** General tips, not an assessment of this property, and labelled as such. */
export const GENERAL_WILDFIRE_TIPS = [
  'General wildfire preparedness (not specific to this property): keep the first 5 feet around the building clear of anything that burns.',
  'General wildfire preparedness (not specific to this property): clear leaves and needles from roofs and gutters, and screen vents with 1/8-inch metal mesh.',
  'General wildfire preparedness (not specific to this property): where work touches the roof, siding or decks, ask about ignition-resistant materials required locally.',
]

export const EMBEDDED_NOTE =
  'Address format checked and normalised only; it was not verified against a property database. No property records or wildfire hazard data source is configured, so bedrooms, bathrooms, square footage, year built, property type and fire risk are unknown.'

export function embeddedPropertyData(address: UsAddress, provider = 'embedded', note = EMBEDDED_NOTE): PropertyData {
  return {
    property: { formattedAddress: address.formatted, bedrooms: null, bathrooms: null, squareFootage: null, yearBuilt: null, propertyType: null },
    fireHazard: { riskLevel: null, zone: null, description: NO_FIRE_DATA_DESCRIPTION, recommendations: [...GENERAL_WILDFIRE_TIPS] },
    source: { provider, addressValidated: true, note },
  }
}

export const createEmbeddedPropertyProvider = (): PropertyDataProvider => ({
  name: 'embedded',
  lookup: async (address) => embeddedPropertyData(address),
})
