import type { IncomingMessage } from 'node:http'
import { csrfFailed } from '../core/errors.js'
import { headerOf } from '../core/incoming.js'

function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * Second CSRF layer: when the browser says where a state-changing request comes from (Origin,
 * or Referer when Origin is absent), it must be our public origin or this request's own host.
 * A request saying neither is left to the token check (non-browser clients).
 */
export function assertSameOrigin(req: IncomingMessage, protocol: string, publicOrigin: string): void {
  const claimed = headerOf(req, 'origin') ?? headerOf(req, 'referer')
  if (claimed === undefined) return
  const origin = originOf(claimed)
  const ownOrigin = `${protocol}://${headerOf(req, 'host')}`
  if (!origin || (origin !== publicOrigin && origin !== ownOrigin)) throw csrfFailed('Cross-origin request refused')
}
