import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { publicLogoOf } from '../../src/usecases/build-public-estimate.js'
import { canonicalJson, hashClientIp, snapshotHash } from '../../src/usecases/public-snapshot.js'

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}')
  })

  it('drops undefined members like JSON.stringify, and keeps strings exact', () => {
    expect(canonicalJson({ a: undefined, b: '0.10', c: 'é "q"' })).toBe('{"b":"0.10","c":"é \\"q\\""}')
    expect(canonicalJson([undefined, 1])).toBe('[null,1]')
  })

  it('is the same for the same data in any key order (as jsonb hands it back)', () => {
    const original = { projectName: 'Roof', phases: [{ id: '1', amount: '5.00' }], approval: null, totalCost: '10.00' }
    const reordered = { totalCost: '10.00', approval: null, phases: [{ amount: '5.00', id: '1' }], projectName: 'Roof' }
    expect(snapshotHash(reordered)).toBe(snapshotHash(original))
    expect(snapshotHash(original)).toBe(createHash('sha256').update(canonicalJson(original)).digest('hex'))
    expect(snapshotHash({ ...original, totalCost: '10.01' })).not.toBe(snapshotHash(original))
  })
})

describe('hashClientIp', () => {
  it('is keyed: the same IP hashes differently under another key, and nothing is stored without an IP', () => {
    const a = hashClientIp('key-a', '203.0.113.7')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(a).toBe(hashClientIp('key-a', '203.0.113.7'))
    expect(a).not.toBe(hashClientIp('key-b', '203.0.113.7'))
    expect(a).not.toBe(createHash('sha256').update('203.0.113.7').digest('hex'))
    expect(hashClientIp('key-a', undefined)).toBeNull()
  })
})

describe('publicLogoOf', () => {
  it('serves an uploaded logo through the public logo route, else the checked logo URL, else nothing', () => {
    expect(publicLogoOf('org a', { logoFileData: true, logoUrl: null, logoFileSize: 2048 })).toBe('/api/public/logos/org%20a?v=2048')
    expect(publicLogoOf('org-a', { logoFileData: false, logoUrl: 'https://cdn.example/l.png', logoFileSize: null })).toBe('https://cdn.example/l.png')
    expect(publicLogoOf('org-a', { logoFileData: false, logoUrl: null, logoFileSize: null })).toBeNull()
  })
})
