import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const NGINX = '/usr/sbin/nginx'

export type NginxProxy = { port: number; pid: number; stop: () => void }

/**
 * A second floor for the gateway bench, beside bare-proxy.mjs: nginx, in C, as one process
 * (master_process off, as the gateway is one Node process), forwarding over a keep-alive
 * upstream pool with nothing else: no logs, no checks. If even this hop costs more than a
 * target allows, no proxy written in any language meets it on these cores. The client sends the
 * identity header itself, so nginx adds no work of its own. Undefined without nginx (npm test
 * installs nginx-light; a machine without it just prints one line fewer).
 */
export async function startNginxProxy(upstreamPort: number): Promise<NginxProxy | undefined> {
  if (!existsSync(NGINX)) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-bench-nginx-'))
  const port = await freePort()
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir};`).join(' ')
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; master_process off; pid ${dir}/nginx.pid; error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off; ${temp}
  upstream service { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://service; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`,
  )
  const child: ChildProcess = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] })
  await untilListening(port)
  return {
    port,
    pid: child.pid as number,
    stop: () => {
      child.kill()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

async function untilListening(port: number): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`)
      return
    } catch (error) {
      if (i > 100) throw error
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}
