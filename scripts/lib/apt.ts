// Debian/Ubuntu packages the scripts need on a bare machine (chromium for the browser tests,
// nats-server and redis-server for `npm start`): installed with apt-get when running as root,
// otherwise the scripts stop and print the line to run (or what to do instead on another OS).
import { spawnSync } from 'node:child_process'

export const onPath = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0

let updated = false

/**
 * Makes sure `present()` holds, installing `packages` with apt-get when it does not; exits with a
 * message naming the install line (and `otherwise`, what else would do) when that is not possible.
 */
export function ensureDebianPackages(opts: { what: string; packages: string[]; present: () => boolean; otherwise: string; log?: (m: string) => void }): void {
  if (opts.present()) return
  const line = `apt-get install -y ${opts.packages.join(' ')}`
  const stop = (why: string): never => {
    console.error(`\n${why} Install it with:\n\n  sudo ${line}\n\n${opts.otherwise}\n`)
    process.exit(1)
  }
  if (process.getuid?.() !== 0 || !onPath('apt-get')) stop(`Not installed: ${opts.what}.`)
  ;(opts.log ?? console.log)(`Installing ${opts.packages.join(', ')} (apt-get, for ${opts.what})`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (!updated) spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  updated = true
  const r = spawnSync('apt-get', ['install', '-y', '-qq', ...opts.packages], { stdio: 'inherit', env })
  if (r.status !== 0 || !opts.present()) stop(`Installing ${opts.what} with apt-get failed (see above).`)
}
