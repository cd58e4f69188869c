import { SYSTEM_ROLE_PERMISSIONS, toRolePermissions } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { toPermissionSet } from '../../src/domain/permissions.js'
import { ZAuthEnv } from '../../src/env.js'

describe('toPermissionSet', () => {
  it('round-trips the system roles', () => {
    for (const set of Object.values(SYSTEM_ROLE_PERMISSIONS)) expect(toPermissionSet(toRolePermissions(set))).toEqual(set)
  })

  it('drops unknown modules and modules without any action', () => {
    const none = { canAccess: false, canCreate: false, canEdit: false, canDelete: false, canShare: false }
    expect(
      toPermissionSet([
        { module: 'weird', ...none, canAccess: true },
        { module: 'team', ...none },
      ]),
    ).toEqual({})
  })
})

describe('ZAuthEnv', () => {
  it('has the documented defaults', () => {
    const env = ZAuthEnv.parse({})
    expect(env).toMatchObject({ PORT: 4001, APP_URL: 'http://localhost:3000', REGISTRATION_ENABLED: true, SEED_DEMO: false })
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('reads flags as words ("false" is false)', () => {
    expect(ZAuthEnv.parse({ REGISTRATION_ENABLED: 'false', SEED_DEMO: 'true' })).toMatchObject({ REGISTRATION_ENABLED: false, SEED_DEMO: true })
    expect(ZAuthEnv.safeParse({ REGISTRATION_ENABLED: 'maybe' }).success).toBe(false)
  })

  it('strips a trailing slash from APP_URL', () => {
    expect(ZAuthEnv.parse({ APP_URL: 'https://app.example.com/' }).APP_URL).toBe('https://app.example.com')
  })

  it('refuses the embedded mail sink in production', () => {
    const prod = { NODE_ENV: 'production', IDENTITY_SECRET: 'x'.repeat(40) }
    const res = ZAuthEnv.safeParse(prod)
    expect(res.success).toBe(false)
    expect(res.error?.issues[0].path).toEqual(['SMTP_URL'])
    expect(ZAuthEnv.safeParse({ ...prod, SMTP_URL: 'smtp://u:p@mail.example.com:587' }).success).toBe(true)
  })
})
