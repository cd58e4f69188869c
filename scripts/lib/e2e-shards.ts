// Splits the browser journeys into shards of about equal time. Each shard runs in its own vitest
// process against its own stack, so two journeys run at once without sharing an organisation's
// settings, the bell or the activity feed.
import { existsSync, globSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

export const E2E_PATTERN = 'frontends/*/test/e2e/**/*.e2e.test.ts'

type Report = { testResults?: { name: string; startTime?: number; endTime?: number }[] }

/** Seconds each journey file took in the last reports found, by path from the root. */
export function lastDurations(root: string, reports: string[]): Map<string, number> {
  const seconds = new Map<string, number>()
  for (const report of reports) {
    const path = join(root, 'test-output', report)
    if (!existsSync(path)) continue
    try {
      const json = JSON.parse(readFileSync(path, 'utf8')) as Report
      for (const file of json.testResults ?? [])
        if (file.startTime && file.endTime) seconds.set(relative(root, file.name), (file.endTime - file.startTime) / 1000)
    } catch {
      /* a report cut short by an interrupted run: sizes will do */
    }
  }
  return seconds
}

/**
 * Longest first onto the lightest shard. A file without a last time weighs by its size (about a
 * second per 200 bytes of journey, the ratio the suite's own files show).
 */
export function planShards(root: string, shards: number, known: Map<string, number>): string[][] {
  const files = globSync(E2E_PATTERN, { cwd: root }).sort()
  const weight = (f: string) => known.get(f) ?? statSync(join(root, f)).size / 200
  const plan = Array.from({ length: shards }, () => ({ files: [] as string[], total: 0 }))
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = plan.reduce((a, b) => (b.total < a.total ? b : a))
    lightest.files.push(file)
    lightest.total += weight(file)
  }
  return plan.map((p) => p.files).filter((f) => f.length > 0)
}
