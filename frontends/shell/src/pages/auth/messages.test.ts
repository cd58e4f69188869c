import { describe, expect, it } from 'vitest'
import {
  forcedResetErrorMessage,
  LOGIN_MESSAGES,
  loginErrorMessage,
  REGISTER_MESSAGES,
  RESET_MESSAGES,
  registerErrorMessage,
  resetErrorMessage,
  VERIFY_MESSAGES,
  verifyErrorOutcome,
} from './messages'

const err = (m: string) => new Error(m)

describe('login error mapping (spec 000 §8)', () => {
  it("'email' means unverified", () => {
    expect(loginErrorMessage(err('403: {"message":"Please verify your email before logging in"}'))).toBe(LOGIN_MESSAGES.unverified)
  })
  it("'Invalid' means bad credentials", () => {
    expect(loginErrorMessage(err('401: {"message":"Invalid credentials"}'))).toBe(LOGIN_MESSAGES.invalid)
    expect(loginErrorMessage(err('401: Invalid email or password'))).toBe(LOGIN_MESSAGES.invalid)
  })
  it('anything else fails generically', () => {
    expect(loginErrorMessage(err('500: Internal Server Error'))).toBe(LOGIN_MESSAGES.failed)
    expect(loginErrorMessage(err('Failed to fetch'))).toBe(LOGIN_MESSAGES.failed)
  })
})

describe('register error mapping', () => {
  it('maps already exists / disabled / other', () => {
    expect(registerErrorMessage(err('409: {"message":"User already exists"}'))).toBe(REGISTER_MESSAGES.exists)
    expect(registerErrorMessage(err('403: Registration disabled'))).toBe(REGISTER_MESSAGES.disabled)
    expect(registerErrorMessage(err('500: boom'))).toBe(REGISTER_MESSAGES.failed)
  })
})

describe('reset error mapping', () => {
  it('maps expired / Invalid / other', () => {
    expect(resetErrorMessage(err('400: {"message":"Reset token expired"}'))).toBe(RESET_MESSAGES.expired)
    expect(resetErrorMessage(err('400: Invalid token'))).toBe(RESET_MESSAGES.invalid)
    expect(resetErrorMessage(err('500: boom'))).toBe(RESET_MESSAGES.failed)
  })
  it('forced reset uses the server message or the fallback', () => {
    expect(forcedResetErrorMessage(err('400: {"message":"Password too weak"}'))).toBe('Password too weak')
    expect(forcedResetErrorMessage(err(''))).toBe('Failed to reset password.')
  })
})

describe('verify email outcome', () => {
  it("'already verified' is success", () => {
    expect(verifyErrorOutcome(err('400: {"message":"Email already verified"}'))).toEqual({ state: 'success', message: VERIFY_MESSAGES.alreadyVerified })
  })
  it('expired and other errors', () => {
    expect(verifyErrorOutcome(err('400: Token expired')).state).toBe('expired')
    expect(verifyErrorOutcome(err('400: nope'))).toEqual({ state: 'error', message: VERIFY_MESSAGES.failed })
  })
})
