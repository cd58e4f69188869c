import { describe, expect, it } from 'vitest'
import { parseRemotesConfig } from './registry'
import { remoteForPath } from './routes'

describe('remoteForPath', () => {
  it.each([
    ['/cost-estimator', 'estimates'],
    ['/cost-estimator/anything', 'estimates'],
    ['/estimates/42', 'estimates'],
    ['/estimates/42/edit', 'estimates'],
    ['/estimate-wizard-step1', 'estimates'],
    ['/estimate-wizard-step3', 'estimates'],
    ['/templates', 'estimates'],
    ['/share/abc', 'share'],
    ['/notetaker', 'meetings'],
    ['/tasks', 'meetings'],
    ['/settings', 'settings'],
    ['/admin', 'admin'],
    ['/admin/users', 'admin'],
    ['/admin/subscription-overrides', 'admin'],
    ['/monitoring', 'admin'],
  ])('%s -> %s', (path, remote) => expect(remoteForPath(path)).toBe(remote))
  it('returns null for shell pages and unknown paths', () => {
    expect(remoteForPath('/')).toBeNull()
    expect(remoteForPath('/nope')).toBeNull()
    expect(remoteForPath('/estimate-wizard-step4')).toBeNull()
    expect(remoteForPath('/cost-estimatorx')).toBeNull()
  })
})

describe('parseRemotesConfig', () => {
  it('keeps only known remotes with string URLs', () => {
    expect(parseRemotesConfig({ estimates: 'http://x/mf-manifest.json', bogus: 'y', share: 3 })).toEqual({ estimates: 'http://x/mf-manifest.json' })
    expect(parseRemotesConfig(null)).toEqual({})
  })
})
