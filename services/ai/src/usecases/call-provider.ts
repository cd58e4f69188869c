import { AiErrorCode } from '@plumbline/contracts'
import { AppError } from '@plumbline/service-kit'
import type { AiDeps } from '../deps.js'
import { ProviderError, userMessageFor } from '../providers/provider-error.js'
import { withRetries } from '../providers/with-retries.js'

/**
 * A provider call made while a person waits (section, chat, preview): bounded retries, then a
 * 502 AI_PROVIDER_FAILED whose message says what happened and what to do.
 */
export async function callProvider<T>(deps: Pick<AiDeps, 'env' | 'logger'>, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await withRetries(call, {
      maxAttempts: deps.env.AI_MAX_ATTEMPTS,
      baseMs: deps.env.AI_RETRY_BASE_MS,
      onRetry: (attempt, err, delayMs) => deps.logger.warn({ what, attempt, err: err.message, delayMs }, 'AI provider call failed; retrying'),
    })
  } catch (err) {
    if (err instanceof ProviderError) {
      deps.logger.warn({ what, err: err.message, status: err.status }, 'AI provider call failed')
      throw new AppError(502, AiErrorCode.AI_PROVIDER_FAILED, userMessageFor(err))
    }
    throw err
  }
}
