// The remote images' nginx config (deploy/docker/nginx-remote.conf) run by a real nginx over the
// built remotes laid out as frontend.Dockerfile lays them out (/usr/share/nginx/html/<remote>/):
// every manifest URL the production overlay gives the shell (REMOTES_JSON, path unchanged by the
// Ingress) answers, and so does every file the manifest then loads from beside it.
// Needs the front ends built (npm test builds them first) and nginx (npm test installs nginx-light).
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { containerEnvironment, deploymentOfImage, loadServiceEnv, remotes, rendered, root } from './manifests.ts'

const NGINX = '/usr/sbin/nginx'
const IMAGE_ROOT = '/usr/share/nginx/html'
/** The production overlay's app origin, as the remote deployments hand it to nginx (SHELL_ORIGIN). */
const SHELL_ORIGIN = 'https://app.plumbline.example'
const dir = mkdtempSync(join(tmpdir(), 'plumbline-nginx-'))
let nginx: ChildProcess | undefined
let base = ''

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light (npm test installs it)`)
  for (const remote of remotes) {
    const dist = join(root, 'frontends', remote, 'dist')
    if (!existsSync(join(dist, 'mf-manifest.json'))) throw new Error(`frontends/${remote} is not built: npm run build:frontends`)
  }
  const html = join(dir, 'html')
  mkdirSync(html)
  for (const remote of remotes) symlinkSync(join(root, 'frontends', remote, 'dist'), join(html, remote))
  // The previous release's hashed assets, where frontend.Dockerfile copies them.
  mkdirSync(join(dir, 'previous', 'estimates', 'static', 'js'), { recursive: true })
  writeFileSync(join(dir, 'previous', 'estimates', 'static', 'js', 'screen.0ld0ld00.js'), 'window.oldScreen = 1\n')
  // What the image's entrypoint renders from the template at start (envsubst of SHELL_ORIGIN).
  writeFileSync(
    join(dir, 'shell-origin.conf'),
    readFileSync(join(root, 'deploy/docker/shell-origin.conf.template'), 'utf8').replaceAll(`\${SHELL_ORIGIN}`, SHELL_ORIGIN),
  )
  const port = await freePort()
  const site = readFileSync(join(root, 'deploy/docker/nginx-remote.conf'), 'utf8')
    .replace(/^(\s*)listen\s+\d+;/m, `$1listen 127.0.0.1:${port};`)
    .replace(`root ${IMAGE_ROOT};`, `root ${html};`)
    .replace('root /usr/share/nginx/previous;', `root ${join(dir, 'previous')};`)
    .replace('include /tmp/shell-origin.conf;', `include ${join(dir, 'shell-origin.conf')};`)
  expect(site).toContain(`root ${html};`)
  expect(site).toContain(`root ${join(dir, 'previous')};`)
  expect(site).toContain(`include ${join(dir, 'shell-origin.conf')};`)
  writeFileSync(join(dir, 'site.conf'), site)
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir};`).join(' ')
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; pid ${dir}/nginx.pid; error_log stderr;
events {}
http { include /etc/nginx/mime.types; access_log off; ${temp} include ${dir}/site.conf; }
`,
  )
  nginx = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] })
  base = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    try {
      await fetch(`${base}/healthz`)
      break
    } catch (error) {
      if (i > 100) throw error
      await new Promise((r) => setTimeout(r, 50))
    }
  }
})

afterAll(() => {
  nginx?.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
})

type Assets = { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } }
type Manifest = { metaData: { remoteEntry: { name: string; path: string } }; exposes?: { assets: Assets }[] }

const files = (assets: Assets) => [...(assets.js?.sync ?? []), ...(assets.js?.async ?? []), ...(assets.css?.sync ?? []), ...(assets.css?.async ?? [])]

describe('remote nginx, as the production Ingress reaches it', () => {
  it('answers its health check', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
  })

  it.each(remotes)('%s: the manifest REMOTES_JSON names, its entry and every asset it lists', async (remote) => {
    const objects = rendered('production')
    const env = await loadServiceEnv('gateway', containerEnvironment(objects, deploymentOfImage(objects, 'gateway').spec.template.spec.containers[0]))
    const manifestUrl = new URL((env.REMOTES_JSON as Record<string, string>)[remote])
    const res = await fetch(`${base}${manifestUrl.pathname}`, { headers: { origin: SHELL_ORIGIN } })
    expect(res.status, manifestUrl.pathname).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN)
    const manifest = (await res.json()) as Manifest
    // publicPath "auto": the runtime loads every file relative to the manifest's own URL.
    const beside = new URL('.', `${base}${manifestUrl.pathname}`)
    const entry = manifest.metaData.remoteEntry
    const paths = [`${entry.path ? `${entry.path}/` : ''}${entry.name}`, ...(manifest.exposes ?? []).flatMap((e) => files(e.assets))]
    for (const path of paths) {
      const asset = await fetch(new URL(path, beside), { headers: { origin: SHELL_ORIGIN } })
      expect(asset.status, `${remote}: ${path}`).toBe(200)
      expect(asset.headers.get('access-control-allow-origin'), path).toBe(SHELL_ORIGIN)
    }
  })

  it('lets no other origin read the files (no wildcard)', async () => {
    for (const path of ['/estimates/mf-manifest.json', '/estimates/remoteEntry.js']) {
      for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
        const res = await fetch(`${base}${path}`, { headers })
        expect(res.status).toBe(200)
        expect(res.headers.get('access-control-allow-origin')).toBeNull()
      }
    }
  })

  it('keeps the previous release’s hashed assets reachable, and 404s what neither release has', async () => {
    const old = await fetch(`${base}/estimates/static/js/screen.0ld0ld00.js`, { headers: { origin: SHELL_ORIGIN } })
    expect(old.status).toBe(200)
    expect(await old.text()).toBe('window.oldScreen = 1\n')
    expect(old.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN)
    expect((await fetch(`${base}/estimates/static/js/never.12345678.js`)).status).toBe(404)
  })
})
