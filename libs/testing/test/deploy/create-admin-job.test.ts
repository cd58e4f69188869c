// The first platform admin in a cluster: a suspended CronJob (never scheduled) from which the
// operator makes a one-off Job (kubectl create job --from=cronjob/create-admin). It must run the
// command the auth image really carries, with the image, settings and secrets auth's Deployment
// runs with, plus the create-admin Secret, as a locked-down pod its NetworkPolicy lets reach the data.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildService } from '../../../../scripts/build-service.ts'
import { type Container, deploymentOfImage, type K8sObject, named, ofKind, overlays, rendered } from './manifests.ts'

type CronJob = K8sObject & {
  spec: {
    suspend: boolean
    jobTemplate: {
      spec: {
        template: {
          metadata: { labels: Record<string, string> }
          spec: { restartPolicy: string; securityContext: Record<string, unknown>; automountServiceAccountToken: boolean; containers: Container[] }
        }
      }
    }
  }
}

const out = mkdtempSync(join(tmpdir(), 'plumbline-auth-build-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe.each(overlays)('overlay %s: the create-admin CronJob', (overlay) => {
  it('is suspended and runs create-admin from the deployed auth image with the settings of auth and the create-admin Secret', () => {
    const objects = rendered(overlay)
    const job = named<CronJob>(objects, 'CronJob', 'create-admin')
    expect(job.spec.suspend).toBe(true)
    const pod = job.spec.jobTemplate.spec.template.spec
    expect(pod.restartPolicy).toBe('Never')
    expect(pod.automountServiceAccountToken).toBe(false)
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 })
    const container = pod.containers[0]
    const auth = deploymentOfImage(objects, 'auth').spec.template.spec.containers[0]
    expect(container.image).toBe(auth.image)
    expect((container.command as string[]).slice(0, 2)).toEqual(['node', 'src/bin/create-admin.js'])
    expect(container.envFrom).toEqual([...(auth.envFrom ?? []), { secretRef: { name: 'create-admin' } }])
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } })

    const labels = job.spec.jobTemplate.spec.template.metadata.labels
    const policy = ofKind<K8sObject & { spec: { podSelector: { matchLabels?: Record<string, string> }; egress?: { ports?: { port: number }[] }[] } }>(
      objects,
      'NetworkPolicy',
    ).find(
      (p) =>
        Object.keys(p.spec.podSelector.matchLabels ?? {}).length && Object.entries(p.spec.podSelector.matchLabels ?? {}).every(([k, v]) => labels[k] === v),
    )
    const ports = policy?.spec.egress?.flatMap((rule) => rule.ports ?? []).map((p) => p.port)
    expect(ports).toEqual(expect.arrayContaining([53, 5432, 6379]))
  })
})

describe('the auth image', () => {
  it('carries the command the CronJob runs (scripts/build-service.ts builds src/bin/*)', { timeout: 120_000 }, async () => {
    await buildService('auth', { install: false, outDir: out })
    expect(existsSync(join(out, 'src/bin/create-admin.js'))).toBe(true)
    expect(existsSync(join(out, 'src/main.js'))).toBe(true)
  })
})
