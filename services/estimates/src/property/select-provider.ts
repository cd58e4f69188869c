import { createEmbeddedPropertyProvider } from './embedded-provider.js'
import { createHttpPropertyProvider } from './http-provider.js'
import type { PropertyDataProvider } from './provider.js'

/** The HTTP provider when PROPERTY_DATA_URL is configured, else the honest embedded one. */
export function selectPropertyProvider(env: { PROPERTY_DATA_URL?: string; PROPERTY_DATA_API_KEY?: string }): PropertyDataProvider {
  if (env.PROPERTY_DATA_URL) return createHttpPropertyProvider({ url: env.PROPERTY_DATA_URL, apiKey: env.PROPERTY_DATA_API_KEY })
  return createEmbeddedPropertyProvider()
}
