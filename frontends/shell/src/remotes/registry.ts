import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime'
import { apiRequest } from '@plumbline/web'
import type { ComponentType } from 'react'
import { containerName, REMOTE_NAMES, type RemoteName } from './routes'

/** Runtime config served by the gateway at /remotes.json: remote name -> mf-manifest.json URL. */
export type RemotesConfig = Partial<Record<RemoteName, string>>
export type RemoteAppProps = { basename?: string }

let configPromise: Promise<RemotesConfig> | null = null

export function parseRemotesConfig(raw: unknown): RemotesConfig {
  const out: RemotesConfig = {}
  if (!raw || typeof raw !== 'object') return out
  for (const name of REMOTE_NAMES) {
    const v = (raw as Record<string, unknown>)[name]
    if (typeof v === 'string' && v.length > 0) out[name] = v
  }
  return out
}

async function fetchConfig(): Promise<RemotesConfig> {
  // The gateway serves it with no-cache and no validator, so every start reads it afresh.
  const res = await apiRequest('GET', '/remotes.json')
  const config = parseRemotesConfig(await res.json())
  registerRemotes(Object.entries(config).map(([name, entry]) => ({ name: containerName(name as RemoteName), entry: entry as string })))
  return config
}

/** Fetch /remotes.json once and register every remote with the federation runtime. */
export function initRemotes(): Promise<RemotesConfig> {
  if (!configPromise) {
    configPromise = fetchConfig().catch((err) => {
      configPromise = null // allow a retry
      throw err
    })
  }
  return configPromise
}

/**
 * Load a component a remote exposes as `./{module}` (its default export, or the export named
 * like the module). `fresh` re-registers the remote so a failed entry is fetched again.
 */
export async function loadRemoteComponent<P>(name: RemoteName, module: string, fresh = false): Promise<ComponentType<P>> {
  const config = await initRemotes()
  const entry = config[name]
  if (!entry) throw new Error(`Remote "${name}" is not configured in /remotes.json`)
  if (fresh) registerRemotes([{ name: containerName(name), entry }], { force: true })
  const mod = await loadRemote<Record<string, ComponentType<P> | undefined>>(`${containerName(name)}/${module}`)
  const Comp = mod?.default ?? mod?.[module]
  if (!Comp) throw new Error(`Remote "${name}" did not expose ${module}`)
  return Comp
}

const preloading = new Set<RemoteName>()

/**
 * Start loading a remote's ./App: its entry and chunks download and its module runs, without
 * rendering it. The shell calls it as soon as it knows the visitor is on that remote's page, so
 * the remote arrives while the shell's own signed-in chunks still load instead of after them,
 * and what ./App starts when it runs (the estimates remote: its screen's code and the list's
 * data) starts then too. Failures are left to loadRemoteApp, which reports them with Retry.
 */
export function preloadRemoteApp(name: RemoteName): void {
  if (preloading.has(name)) return
  preloading.add(name)
  loadRemoteApp(name).catch(() => preloading.delete(name))
}

/** Load a remote's ./App (its routes). */
export const loadRemoteApp = (name: RemoteName, fresh = false) => loadRemoteComponent<RemoteAppProps>(name, 'App', fresh)
