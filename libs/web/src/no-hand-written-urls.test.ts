/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Screens name API routes by catalogue id (apiPath, apiKey, callApi in ./routes): a URL or query
// key written by hand drifts from the services unnoticed. Tests may still spell URLs out.

const frontends = join(import.meta.dirname, '..', '..', '..', 'frontends')
/** Files allowed a hand-written /api string, each with why (none today). */
const ALLOWED: Record<string, string> = {}

const HAND_WRITTEN_API_URL = /(['"`])\/api(?:[/?#]|\1)/

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path
  }
}

const APPS = ['shell', 'estimates', 'share', 'meetings', 'settings', 'admin']

describe('front-end sources', () => {
  it('the check recognises hand-written API URLs and keys', () => {
    for (const text of ["'/api/user'", '`/api/organizations/`', "['/api/organizations', orgId]", '"/api"']) expect(text).toMatch(HAND_WRITTEN_API_URL)
    for (const text of ["apiKey('getUser')", "'/share/abc'", "'/apiary'"]) expect(text).not.toMatch(HAND_WRITTEN_API_URL)
  })

  it('write no /api URL by hand outside the allowed list', () => {
    const offenders: string[] = []
    for (const app of APPS) {
      for (const file of sourceFiles(join(frontends, app, 'src'))) {
        const name = relative(frontends, file)
        if (name in ALLOWED) continue
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (HAND_WRITTEN_API_URL.test(line)) offenders.push(`frontends/${name}:${i + 1}: ${line.trim()}`)
          })
      }
    }
    expect(offenders).toEqual([])
  })
})
