// docs/deploying.md, the way from an empty cluster to a first sign-in and a first alert, stays true:
// the README's Deploying section leads to it, it takes every step (preflight, release, apply, the
// first admin, an alert mailed), and every npm script, kustomize folder and file it names exists.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from './manifests.ts'

const guide = readFileSync(join(root, 'docs/deploying.md'), 'utf8')
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts

describe('docs/deploying.md', () => {
  it("is where the README's Deploying section sends a new team", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const section = readme.slice(readme.search(/^#+ Deploying/m))
    expect(section).toContain('docs/deploying.md')
  })

  it('takes every step: add-ons and labels, data, secrets, release, preflight, apply, first admin, first alert', () => {
    for (const step of [
      'plumbline.io/ingress-controller=true',
      'plumbline.io/monitoring=true',
      'plumbline.io/data=true',
      'kubectl --context prod apply -k deploy/nats',
      'secrets.example',
      'npm run release -- --push',
      'npm run preflight -- --context prod',
      'kubectl --context prod apply -k deploy/k8s/overlays/production',
      'create job first-admin --from=cronjob/create-admin',
      'npm run admin:create',
      '/api/v2/alerts',
    ])
      expect(guide, step).toContain(step)
  })

  it('names only npm scripts, folders and files that exist', () => {
    for (const [, script] of guide.matchAll(/npm run ([\w:-]+)/g)) expect(scripts[script], `npm run ${script}`).toBeDefined()
    const paths = [...guide.matchAll(/`((?:deploy|docs|libs|services|scripts)\/[\w./<>*-]+)`/g)].map((m) => m[1])
    expect(paths.length).toBeGreaterThan(5)
    for (const path of paths.filter((p) => !/[<>*]/.test(p))) expect(existsSync(join(root, path.replace(/\/$/, ''))), path).toBe(true)
    for (const [, dir] of guide.matchAll(/apply -k (\S+)/g)) expect(existsSync(join(root, dir, 'kustomization.yaml')), dir).toBe(true)
  })
})
