/**
 * A deploy replaces the hashed chunks a page already loaded names. Until the server keeps the
 * previous release's chunks (it does: see staticSite's `previous` and the remote image's nginx)
 * or when a rollout sends a new page to an old replica, a screen's chunk can fail to load with
 * nothing wrong but the page's age. Then the page reloads once, picking up the current release;
 * a second failure soon after is a real one and shows as an error.
 */
const KEY = 'plumbline:stale-release-reload'
/** A failure within this long of the last reload is not another release: it is shown. */
const AGAIN_WITHIN_MS = 30_000

const CHUNK_FAILURE =
  /ChunkLoadError|Loading (CSS )?chunk [^ ]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|RUNTIME-00[38]/i

/** Whether an error is a chunk (or a remote's entry) that did not load, rather than code that failed. */
export function isChunkLoadFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  return CHUNK_FAILURE.test(`${String(name ?? '')} ${String(message ?? '')}`)
}

type Env = { storage: Pick<Storage, 'getItem' | 'setItem'> | null; reload: () => void; now: () => number }

const browser = (): Env => ({
  storage: (() => {
    try {
      return window.sessionStorage
    } catch {
      return null // storage disabled: reload at most once per page anyway (below)
    }
  })(),
  reload: () => window.location.reload(),
  now: () => Date.now(),
})

let reloadedThisPage = false

/**
 * For a chunk that failed to load: reloads the page (once within AGAIN_WITHIN_MS) and answers
 * true, so the caller keeps showing its loading state instead of an error; false when the error
 * is something else or a reload was just tried.
 */
export function reloadForNewRelease(error: unknown, env: Env = browser()): boolean {
  if (!isChunkLoadFailure(error) || reloadedThisPage) return false
  const last = Number(env.storage?.getItem(KEY) ?? 0)
  if (env.now() - last < AGAIN_WITHIN_MS) return false
  env.storage?.setItem(KEY, String(env.now()))
  reloadedThisPage = true
  env.reload()
  return true
}
