// What the first load of each front end carries (issue 10 §2, §5): screens name API routes by id
// through @plumbline/web, whose method and path table is zod-free, and import the catalogue only
// as types. If a screen imported a catalogue value or a schema, zod and the route entries would
// land in its remote's entry (or the shell's first scripts) and the weight targets would slip.
// Reads the built front ends (npm run build:frontends).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { remotes, root } from './manifests.ts'

type Manifest = { metaData: { remoteEntry: { name: string; path: string } }; exposes: { name: string; assets: { js: { sync: string[] } } }[] }

const distOf = (app: string) => {
  const dist = join(root, 'frontends', app, 'dist')
  if (!existsSync(dist)) throw new Error(`frontends/${app} is not built: npm run build:frontends`)
  return dist
}

/** remoteEntry.js and the chunks ./App needs before it renders. */
function remoteFirstLoad(remote: string): string[] {
  const dist = distOf(remote)
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest
  const entry = join(manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name)
  const app = manifest.exposes.filter((e) => e.name === 'App').flatMap((e) => e.assets.js.sync)
  return [...new Set([entry, ...app])].map((file) => join(dist, file))
}

/** The scripts the shell's index.html loads: every screen's first load, the landing page's included. */
function shellFirstLoad(): string[] {
  const dist = distOf('shell')
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  return [...html.matchAll(/<script[^>]*src="\/?([^"]+\.js)"/g)].map((m) => join(dist, m[1] ?? ''))
}

/** A catalogue entry as the minifier writes it, and zod's own error class. */
const CATALOGUE_ENTRY = /service:"(?:auth|estimates|ai|documents|admin|meetings)",access:"/
const ZOD = /ZodError/

describe('first loads of the built front ends', () => {
  const apps: [string, string[]][] = [['shell', shellFirstLoad()], ...remotes.map((r): [string, string[]] => [r, remoteFirstLoad(r)])]

  it.each(apps)('%s carries neither catalogue entries nor zod', (_app, files) => {
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const code = readFileSync(file, 'utf8')
      expect(code, file).not.toMatch(CATALOGUE_ENTRY)
      expect(code, file).not.toMatch(ZOD)
    }
  })

  it('the patterns recognise what they look for', () => {
    expect('{id:"getTasks",method:"GET",path:"/t",service:"meetings",access:"org"}').toMatch(CATALOGUE_ENTRY)
    expect('class ZodError extends Error{}').toMatch(ZOD)
  })
})
