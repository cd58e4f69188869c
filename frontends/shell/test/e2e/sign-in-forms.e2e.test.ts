import { launchBrowser, newPage, screenshot } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { text, visible } from './helpers'

// Every validation message of the sign-in forms, as the spec words them (spec 000 §5).
let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchBrowser()
  page = (await newPage(browser)).page
})
afterAll(async () => {
  await browser?.close()
})

async function fillAndSubmit(path: string, fields: Record<string, string>, button: RegExp | string) {
  await page.goto(path)
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByRole('button', { name: button }).click()
}

describe('login form', () => {
  it('asks for a valid e-mail and a password', async () => {
    await fillAndSubmit('/login', { Email: 'not-an-email' }, 'Sign In')
    await visible(text(page, 'Please enter a valid email address'))
    await visible(text(page, 'Password is required'))
    await screenshot(page, 'login-validation')
  })
})

describe('register form', () => {
  it('requires names and a valid e-mail', async () => {
    await fillAndSubmit('/register', { Email: 'nope' }, 'Create Account')
    await visible(text(page, 'First name is required'))
    await visible(text(page, 'Last name is required'))
    await visible(text(page, 'Please enter a valid email address'))
    await screenshot(page, 'register-validation')
  })

  it.each([
    ['Ab1', 'Password must be at least 8 characters long'],
    ['lowercase1', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE1', 'Password must contain at least one lowercase letter'],
    ['NoDigitsHere', 'Password must contain at least one number'],
  ])('rejects the password %s', async (password, message) => {
    await fillAndSubmit(
      '/register',
      { 'First Name': 'A', 'Last Name': 'B', Email: 'a@b.co', Password: password, 'Confirm Password': password },
      'Create Account',
    )
    await visible(text(page, message))
  })

  it('says when the confirmation does not match', async () => {
    await fillAndSubmit(
      '/register',
      { 'First Name': 'A', 'Last Name': 'B', Email: 'a@b.co', Password: 'Sturdy-Beam-42', 'Confirm Password': 'Sturdy-Beam-43' },
      'Create Account',
    )
    await visible(text(page, "Passwords don't match"))
  })
})

describe('forgot password form', () => {
  it('asks for a valid e-mail', async () => {
    await fillAndSubmit('/forgot-password', { Email: 'x' }, /send/i)
    await visible(text(page, 'Please enter a valid email address'))
  })
})

describe('reset password form', () => {
  it('without a token says the link is invalid and keeps the button disabled', async () => {
    await page.goto('/reset-password')
    await visible(text(page, 'Invalid or missing reset token. Please request a new password reset.'))
    const disabled = await page.getByRole('button', { name: /reset password/i }).isDisabled()
    if (!disabled) throw new Error('the submit button must be disabled without a token')
    await screenshot(page, 'reset-password-no-token')
  })

  it('applies the registration password rules and the match rule', async () => {
    await fillAndSubmit('/reset-password?token=abc', { 'New Password': 'short', 'Confirm Password': 'short' }, /reset password/i)
    await visible(text(page, 'Password must be at least 8 characters long'))
    await fillAndSubmit('/reset-password?token=abc', { 'New Password': 'Sturdy-Beam-42', 'Confirm Password': 'Sturdy-Beam-41' }, /reset password/i)
    await visible(text(page, "Passwords don't match"))
  })
})

describe('verify email page', () => {
  it('without a token reports it as invalid', async () => {
    await page.goto('/verify-email')
    await visible(text(page, 'Invalid or missing verification token.'))
    await visible(page.getByRole('button', { name: 'Try Registration Again' }).or(page.getByRole('link', { name: 'Try Registration Again' })))
    await screenshot(page, 'verify-email-error')
  })

  it('with an unknown token shows the error state', async () => {
    await page.goto('/verify-email?token=unknown-token&email=someone%40example.com')
    await visible(text(page, 'Email verification failed. The link may be invalid or expired.'))
  })
})
