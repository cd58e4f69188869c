import { describe, expect, it } from 'vitest'
import {
  hasFormatControl,
  TEXT_MESSAGES,
  textProblem,
  ZAdminCreateUserBody,
  ZApproveBody,
  ZCompanySettingsPatch,
  ZEstimatePayload,
  ZInvitationRegisterBody,
  ZRegisterBody,
  ZRoleInput,
  ZRolePatch,
} from '../src/index.js'

describe('well-formed text', () => {
  it('refuses NUL and lone surrogates (high, low, reversed), not surrogate pairs', () => {
    expect(textProblem('a\u0000b')).toBe(TEXT_MESSAGES.nul)
    for (const s of ['\ud800', '\udfff', 'x\ud83d', '\ude00\ud83d']) expect(textProblem(s), JSON.stringify(s)).toBe(TEXT_MESSAGES.surrogate)
    for (const s of ['', 'Ana García', '🏠 roof', 'مرحبا', '\u202eplain text is fine here\u202c']) expect(textProblem(s)).toBeNull()
  })

  it('finds invisible formatting characters, but lets the joiners scripts and emoji need pass', () => {
    for (const s of ['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u2060', '\ufeff', '\u00ad'])
      expect(hasFormatControl(`a${s}b`), s.codePointAt(0)?.toString(16)).toBe(true)
    for (const s of ['می‌خواهم', '👩‍🔧', 'Ana García', 'O’Brien']) expect(hasFormatControl(s)).toBe(false)
  })
})

describe('names refuse formatting characters, with the field named', () => {
  const spoof = 'Ana \u202eaicraG'
  const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.error?.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))
  it.each([
    ['signer name', ZApproveBody, { signerName: spoof, consent: true }, 'signerName'],
    ['project name', ZEstimatePayload.partial(), { projectName: spoof }, 'projectName'],
    ['client name', ZEstimatePayload.partial(), { clientName: spoof }, 'clientName'],
    ['first name at sign-up', ZRegisterBody, { email: 'a@b.co', password: 'Valid-Password-1', firstName: spoof, lastName: 'G' }, 'firstName'],
    ['last name from an invitation', ZInvitationRegisterBody, { token: 't', password: 'Valid-Password-1', firstName: 'A', lastName: spoof }, 'lastName'],
    ['a name an admin gives', ZAdminCreateUserBody, { email: 'a@b.co', firstName: spoof }, 'firstName'],
    ['company name', ZCompanySettingsPatch, { companyName: spoof }, 'companyName'],
    ['role name', ZRoleInput, { name: spoof }, 'name'],
    ['role rename', ZRolePatch, { name: spoof }, 'name'],
  ] as const)('%s', (_what, schema, body, field) => {
    const result = (schema as { safeParse: (v: unknown) => never }).safeParse(body)
    expect(errorsOf(result)).toContainEqual({ field, message: TEXT_MESSAGES.formatControl })
  })
})
