// `npm run test:slow-machine`: the suite beside a loaded neighbour, so a developer on a fast
// machine sees what CI on a slow, shared one sees. SLOW_MACHINE=<n> keeps n busy loops running at
// normal priority for the whole run (each takes about one core from the suite).
import { type ChildProcess, spawn } from 'node:child_process'

export function startSlowMachine(log: (m: string) => void, env: NodeJS.ProcessEnv = process.env): { stop: () => void } {
  const loops = Number(env.SLOW_MACHINE ?? 0)
  if (!Number.isInteger(loops) || loops <= 0) return { stop: () => {} }
  log(`Slow machine: ${loops} busy neighbour${loops === 1 ? '' : 's'} beside the suite`)
  const burners: ChildProcess[] = Array.from({ length: loops }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }))
  const stop = () => {
    for (const b of burners) b.kill('SIGKILL')
  }
  process.once('exit', stop)
  return { stop }
}
