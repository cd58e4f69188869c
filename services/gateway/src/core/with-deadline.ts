import { unavailable } from './errors.js'

/**
 * Bounds a dependency call on the request path. Redis and NATS clients queue commands while
 * they reconnect; without a deadline a request would wait for them indefinitely.
 */
export async function withDeadline<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable()), ms)
  })
  try {
    return await Promise.race([work(), deadline])
  } catch (err) {
    throw err instanceof Error && 'status' in err ? err : unavailable()
  } finally {
    clearTimeout(timer)
  }
}
