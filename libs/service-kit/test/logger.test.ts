import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOG_FLUSH_MS } from '../src/logger.js'

const root = join(import.meta.dirname, '..', '..', '..')
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')
const fixture = join(import.meta.dirname, 'fixtures', 'log-then.ts')

/** Runs the fixture; resolves with its stdout lines once `until` holds or it exits. */
function runFixture(end: 'crash' | 'exit' | 'stay', until?: (lines: string[]) => boolean) {
  const child = spawn(process.execPath, ['--import', tsx, fixture, end], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  return new Promise<{ lines: string[]; code: number | null }>((resolve) => {
    const lines = () => out.split('\n').filter(Boolean)
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      if (until?.(lines())) {
        resolve({ lines: lines(), code: null })
        child.kill()
      }
    })
    child.on('exit', (code) => resolve({ lines: lines(), code }))
  })
}

const logged = (lines: string[]) => lines.filter((l) => l.includes('buffered line')).map((l) => JSON.parse(l).line)

// Lines are gathered into larger writes (logger.ts): none may be lost or held back for long.
describe('createLogger: buffered stdout', () => {
  it('writes every line of a process that crashes right after logging', async () => {
    const { lines, code } = await runFixture('crash')
    expect(code).not.toBe(0)
    expect(logged(lines)).toEqual([1, 2, 3])
  })

  it('writes every line of a process that calls process.exit', async () => {
    const { lines, code } = await runFixture('exit')
    expect(code).toBe(3)
    expect(logged(lines)).toEqual([1, 2, 3])
  })

  it('writes a quiet process’s lines within the flush interval, while it runs', async () => {
    // Three short lines never fill a 4 kB write: only the timer can flush them while it runs.
    const { lines, code } = await runFixture('stay', (l) => logged(l).length === 3)
    expect(code).toBeNull() // seen before the process ended (it stays up 10 s)
    expect(logged(lines)).toEqual([1, 2, 3])
    expect(LOG_FLUSH_MS).toBeLessThanOrEqual(1000)
  }, 15_000)
})
