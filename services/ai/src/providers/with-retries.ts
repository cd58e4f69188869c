import { type RetryPolicy as KitRetryPolicy, withRetries as retrying } from '@plumbline/service-kit'
import { ProviderError } from './provider-error.js'

export { backoffMs } from '@plumbline/service-kit'
export type RetryPolicy = KitRetryPolicy<ProviderError>

/** The provider's rule: a ProviderError marked retryable is tried again, anything else is thrown at once. */
const PROVIDER_RULE = { retryable: (err: unknown): err is ProviderError => err instanceof ProviderError && err.retryable }

/** Runs a provider call with the service kit's bounded retries (service-kit with-retries.ts). */
export const withRetries = <T>(call: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> => retrying(call, policy, PROVIDER_RULE, signal)
