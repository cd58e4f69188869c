import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { root } from './stack.js'

/** Builds every front end once; turbo's cache makes a rebuild of unchanged apps instant. */
export function buildFrontends(): void {
  const result = spawnSync('npm', ['run', '-s', 'build:frontends'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
  })
  if (result.status !== 0) throw new Error('Building the front ends failed (see the output above)')
}

/** The same build as a child process the caller awaits, so other work can run beside it. */
export function buildFrontendsAsync(log: (m: string) => void = console.log): Promise<void> {
  return runQuietly('npm', ['run', '-s', 'build:frontends'], { TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' }, log).then((ok) => {
    if (!ok) throw new Error('Building the front ends failed (see the output above)')
  })
}

/**
 * Runs a command with its output collected, printed in one block when it ends (lanes side by side
 * do not interleave), and written as it comes to `logFile` when given, to follow a long lane.
 */
export function runQuietly(
  command: string,
  args: string[],
  env: Record<string, string>,
  log: (m: string) => void = console.log,
  logFile?: string,
): Promise<boolean> {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1', ...env } })
  const file = logFile ? createWriteStream(logFile) : null
  const chunks: Buffer[] = []
  const keep = (c: Buffer) => {
    chunks.push(c)
    file?.write(c)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  return new Promise((resolve) => {
    child.on('close', (status) => {
      file?.end()
      const text = Buffer.concat(chunks).toString().trimEnd()
      if (text) log(text)
      resolve(status === 0)
    })
  })
}
