// The release path (scripts/release.ts): every image an overlay runs is one the release builds, tagged
// with a commit of this repository that has each service's migrate entry point (the init container
// runs it: an older image would leave every pod in Init:CrashLoopBackOff); the dry run prints one
// docker build per image and changes exactly the released image's line; images install from the
// lock (npm ci), never resolving versions anew.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { commitProblems, overlayImage, releaseImages, servicesWithMigrations, setOverlayTag } from '../../../../scripts/release.ts'
import { overlays, root } from './manifests.ts'

type Kustomization = { images: { name: string; newName: string; newTag: string }[] }
const kustomization = (overlay: string) => readFileSync(join(root, 'deploy/k8s/overlays', overlay, 'kustomization.yaml'), 'utf8')
const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()

const scratch = mkdtempSync(join(tmpdir(), 'plumbline-release-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe.each(overlays)('overlay %s', (overlay) => {
  it('runs only images the release builds, each tagged with a commit that has every migrate entry point', () => {
    const images = (parse(kustomization(overlay)) as Kustomization).images
    expect(images.map((i) => i.name).sort()).toEqual(
      releaseImages()
        .map((i) => `plumbline/${i.name}`)
        .sort(),
    )
    for (const image of images) {
      expect(image.newName.endsWith(image.name.replace(/^plumbline\//, '/')), image.name).toBe(true)
      expect(commitProblems(image.newTag), `${image.name}:${image.newTag}`).toEqual([])
    }
  })
})

describe('scripts/release.ts', () => {
  it('knows a commit without the migrate entry points (the tag the overlays pinned before) and one git does not know', () => {
    expect(servicesWithMigrations().length).toBeGreaterThanOrEqual(6)
    expect(commitProblems('f602451').join('\n')).toMatch(/has no services\/\w+\/src\/migrate\.ts/)
    expect(commitProblems('0000000deadbeef')).toEqual(['0000000deadbeef is not a commit of this repository'])
  })

  it('sets one image line and leaves the others as they were', () => {
    const before = kustomization('production')
    const after = setOverlayTag(before, 'estimates', 'abc123')
    expect(overlayImage(after, 'estimates')?.newTag).toBe('abc123')
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i])
    expect(changed).toHaveLength(1)
    expect(() => setOverlayTag(before, 'nonexistent', 'abc123')).toThrow(/no images: line/)
  })

  it('--dry-run --only estimates prints its docker build from HEAD and changes its line in every overlay, nothing else', () => {
    const dir = join(scratch, 'overlays')
    cpSync(join(root, 'deploy/k8s/overlays'), dir, { recursive: true, filter: (path) => !path.includes('/secrets') })
    const output = execFileSync('npx', ['tsx', 'scripts/release.ts', '--dry-run', '--only', 'estimates', '--overlays-dir', dir], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const builds = output.split('\n').filter((l) => l.startsWith('docker build'))
    expect(builds).toEqual([
      `docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=estimates -t registry.example.com/plumbline/estimates:${head} .`,
    ])
    for (const overlay of overlays) {
      const before = kustomization(overlay)
      const after = readFileSync(join(dir, overlay, 'kustomization.yaml'), 'utf8')
      expect(overlayImage(after, 'estimates')?.newTag).toBe(head)
      expect(after).toBe(setOverlayTag(before, 'estimates', head))
    }
  })

  it('the full dry run builds every image once, from the Dockerfile of its kind', () => {
    const dir = join(scratch, 'all')
    cpSync(join(root, 'deploy/k8s/overlays'), dir, { recursive: true, filter: (path) => !path.includes('/secrets') })
    const output = execFileSync('npx', ['tsx', 'scripts/release.ts', '--dry-run', '--push', '--overlays-dir', dir], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const built = [...output.matchAll(/^docker build -f (\S+) --build-arg (\w+)=(\S+)(?: --build-arg PREVIOUS_IMAGE=(\S+))? -t \S+\/([\w-]+):(\w+) \.$/gm)]
    expect(built.map((m) => m[5]).sort()).toEqual(
      releaseImages()
        .map((i) => i.name)
        .sort(),
    )
    const running = kustomization(overlays[0]!)
    for (const [, dockerfile, arg, value, previous, image, tag] of built) {
      expect(tag).toBe(head)
      // The gateway and the remotes carry the running release's assets; the other services need none.
      const now = overlayImage(running, image!)
      expect(previous).toBe(image === 'gateway' || image!.startsWith('remote-') ? `${now?.newName}:${now?.newTag}` : undefined)
      expect(dockerfile).toBe(arg === 'SERVICE' ? 'deploy/docker/service.Dockerfile' : 'deploy/docker/frontend.Dockerfile')
      expect(image).toBe(arg === 'SERVICE' ? value : `remote-${value}`)
    }
    expect(output.split('\n').filter((l) => l.startsWith('docker push'))).toHaveLength(built.length)
    for (const overlay of overlays)
      for (const image of (parse(readFileSync(join(dir, overlay, 'kustomization.yaml'), 'utf8')) as Kustomization).images) expect(image.newTag).toBe(head)
  })

  it('the Dockerfiles install from the lock with npm ci, and the service build installs its own cut of it with npm ci', () => {
    for (const dockerfile of ['service.Dockerfile', 'frontend.Dockerfile']) {
      const text = readFileSync(join(root, 'deploy/docker', dockerfile), 'utf8')
      const runs = text.split('\n').filter((l) => /^RUN /.test(l))
      expect(
        runs.some((l) => /npm ci\b/.test(l)),
        dockerfile,
      ).toBe(true)
      expect(
        runs.some((l) => /npm (install|i)\b/.test(l)),
        dockerfile,
      ).toBe(false)
    }
    const build = readFileSync(join(root, 'scripts/build-service.ts'), 'utf8')
    expect(build).toMatch(/'npm', \['ci', '--omit=dev'/)
    expect(build).not.toMatch(/'npm', \['install'/)
  })
})
