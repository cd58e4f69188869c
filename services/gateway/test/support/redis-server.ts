import { type ChildProcess, spawn } from 'node:child_process'
import { sparePort } from '@plumbline/testing'
import { createClient } from 'redis'

export type OwnRedis = { url: string; pause: () => void; resume: () => void; stop: () => Promise<void> }

/** A private redis-server (DESIGN §8: tests that break a server never touch the shared one). */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await sparePort()
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  const url = `redis://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    const probe = createClient({ url, socket: { reconnectStrategy: false } })
    probe.on('error', () => {})
    try {
      await probe.connect()
      await probe.quit()
      break
    } catch {
      if (i > 50) throw new Error('redis-server did not start')
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    url,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGCONT')
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
    },
  }
}
