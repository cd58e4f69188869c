import { API_ROUTES, type ApiService } from '@plumbline/contracts/api-routes'
import express from 'express'

type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } }

function walk(stack: Layer[], out: string[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]
      for (const method of Object.keys(layer.route.methods)) for (const path of paths) out.push(`${method.toUpperCase()} ${path}`)
    } else if (layer.handle?.stack) walk(layer.handle.stack, out)
  }
}

/**
 * The routes a service registers, as sorted "METHOD /path" lines: `mount` is its routes factory
 * applied to deps (`(app) => estimatesRoutes(deps)(app)`). Routers only keep deps for later, so
 * tests pass a stand-in; nothing is called.
 */
export function registeredRoutes(mount: (app: express.Express) => void): string[] {
  const app = express()
  mount(app)
  const out: string[] = []
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, out)
  return out.sort()
}

/** The catalogue's routes of one service, in the same form. */
export const catalogueRoutes = (service: ApiService): string[] =>
  API_ROUTES.filter((r) => r.service === service)
    .map((r) => `${r.method} ${r.path}`)
    .sort()

/** Deps for registeredRoutes: any property reads as undefined (and env as an empty object). */
export const depsStandIn = <T>(extra: Record<string, unknown> = {}): T =>
  new Proxy(extra, { get: (target, key) => (key in target ? target[key as string] : key === 'env' ? {} : undefined) }) as T
