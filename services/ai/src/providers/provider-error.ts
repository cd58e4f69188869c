/**
 * A provider call that failed. `retryable`: rate limits (429), server errors (5xx), timeouts and
 * connection failures, which often pass; anything else (bad key, bad request) will not.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}

/** The text users see when a provider failed after its attempts. */
export function userMessageFor(err: ProviderError): string {
  if (err.status === null && /timed? ?out/i.test(err.message)) return 'The AI provider did not answer in time. Please try again in a few minutes.'
  if (err.status === null) return 'The AI provider could not be reached. Please try again in a few minutes.'
  if (err.retryable) return `The AI provider is unavailable right now (HTTP ${err.status}). Please try again in a few minutes.`
  return `The AI provider refused the request (HTTP ${err.status}). Please check the AI configuration.`
}
