import { spawnSync } from 'node:child_process'
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
