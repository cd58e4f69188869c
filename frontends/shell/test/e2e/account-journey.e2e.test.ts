import { apiOk, e2eBaseUrl, launchBrowser, newPage, screenshot, signIn, uniqueEmail, waitForMail } from '@plumbline/testing'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { text, visible, waitForPath } from './helpers'

const PASSWORD = 'Sturdy-Beam-42'
const ADMIN = { email: 'admin@plumbline.dev', password: 'Admin-Plumbline-2025' }
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('a new contractor', () => {
  it('registers, verifies the e-mail from the mailbox link, signs in, lands on the dashboard and signs out', async () => {
    const email = uniqueEmail('jane')
    const { context, page } = await newPage(browser)

    await page.goto('/')
    await visible(text(page, 'Professional Construction Management Platform'))
    await screenshot(page, 'landing')
    await page.getByRole('link', { name: 'Get Started Free' }).first().click()
    await waitForPath(page, '/register')

    await page.getByLabel('First Name').fill('Jane')
    await page.getByLabel('Last Name').fill('Builder')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    await screenshot(page, 'register')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await visible(text(page, 'Check Your Email'))
    await screenshot(page, 'register-check-email')

    // Signing in before verifying is refused with the spec's message.
    await signIn(page, email, PASSWORD)
    await visible(text(page, 'Please verify your email address before logging in. Check your inbox for the verification link.'))

    const mail = await waitForMail(e2eBaseUrl(), email, 'Verify')
    const link = mail.links.find((l) => l.includes('/verify-email?token='))
    expect(link, 'verification link in the mail').toBeDefined()
    await page.goto(link!)
    await visible(text(page, 'Email Verified'))
    await screenshot(page, 'verify-email-success')

    // The same link again counts as success ("already verified").
    await page.goto(link!)
    await visible(text(page, 'Email Verified'))

    await signIn(page, email, PASSWORD)
    await waitForPath(page, '/')
    await visible(page.getByRole('heading', { name: 'Dashboard' }))
    await visible(text(page, 'Welcome back, manage your projects and estimates'))
    await visible(text(page, 'Jane Builder'))
    await visible(text(page, 'Owner'))
    await visible(text(page, 'Total Estimates'))
    await screenshot(page, 'dashboard')

    await page.getByRole('button', { name: 'Logout' }).click()
    await waitForPath(page, '/login')
    // Signed out: the session is gone on the server too.
    const me = await page.request.get('/api/user')
    expect(me.status()).toBe(401)
    await page.goto('/cost-estimator')
    await visible(text(page, 'Professional Construction Management Platform'))
    await context.close()
  })

  it('belongs to two organisations and switches between them from the sidebar', async () => {
    // A new contractor with their own organisation…
    const email = uniqueEmail('dual')
    const { context, page } = await newPage(browser)
    await page.goto('/register')
    await page.getByLabel('First Name').fill('Dana')
    await page.getByLabel('Last Name').fill('Dual')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await visible(text(page, 'Check Your Email'))
    const mail = await waitForMail(e2eBaseUrl(), email, 'Verify')
    await page.goto(mail.links.find((l) => l.includes('/verify-email?token=')) ?? '/')
    await visible(text(page, 'Email Verified'))

    // …whom the platform admin also adds to the demo organisation.
    const admin = await newPage(browser)
    await signIn(admin.page, ADMIN.email, ADMIN.password)
    await waitForPath(admin.page, '/')
    const demoOrg = (await apiOk<{ organizations: { id: string; name: string }[] }>(admin.page, 'GET', '/api/user')).organizations[0]
    const users = await apiOk<{ id: string; email: string }[]>(admin.page, 'GET', '/api/admin/users')
    const dana = users.find((u) => u.email === email)
    expect(dana).toBeDefined()
    await apiOk(admin.page, 'PUT', `/api/admin/users/${dana?.id}/membership`, { organizationId: demoOrg.id, roleId: 'system-role-member' })
    await admin.context.close()

    await signIn(page, email, PASSWORD)
    await waitForPath(page, '/')
    const orgName = page.getByTestId('org-name')
    await visible(orgName)
    const own = (await orgName.textContent()) ?? ''
    expect(own).not.toBe(demoOrg.name)
    await page.getByRole('button', { name: /Switch organization/ }).click()
    await page.getByRole('menuitem', { name: demoOrg.name }).click()
    await visible(page.getByTestId('org-name').getByText(demoOrg.name, { exact: true }))
    // The demo organisation's estimates are what the list shows now, and a reload keeps the choice.
    const newest = await apiOk<{ estimates: { projectName: string }[] }>(page, 'GET', `/api/organizations/${demoOrg.id}/estimates?limit=20`)
    await page.goto('/cost-estimator')
    await visible(page.getByText(newest.estimates[0].projectName, { exact: true }).first())
    await page.reload()
    await visible(page.getByTestId('org-name').getByText(demoOrg.name, { exact: true }))
    await screenshot(page, 'organization-switched')
    // And back.
    await page.getByRole('button', { name: /Switch organization/ }).click()
    await page.getByRole('menuitem', { name: own }).click()
    await visible(page.getByTestId('org-name').getByText(own, { exact: true }))
    await context.close()
  })

  it('gets the same answer for an unknown e-mail and a wrong password', async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, uniqueEmail('nobody'), PASSWORD)
    await visible(text(page, 'Invalid email or password. Please try again.'))
    await signIn(page, 'demo@plumbline.dev', 'Wrong-Password-1')
    await visible(text(page, 'Invalid email or password. Please try again.'))
    await screenshot(page, 'login-invalid')
    await context.close()
  })

  it('resets a forgotten password through the mailbox link', async () => {
    const email = uniqueEmail('reset')
    const { context, page } = await newPage(browser)
    // Register and verify through the API to get an account quickly.
    await page.goto('/register')
    await page.getByLabel('First Name').fill('Rita')
    await page.getByLabel('Last Name').fill('Roofer')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await visible(text(page, 'Check Your Email'))
    const verify = await waitForMail(e2eBaseUrl(), email, 'Verify')
    await page.goto(verify.links.find((l) => l.includes('/verify-email'))!)
    await visible(text(page, 'Email Verified'))

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await waitForPath(page, '/forgot-password')
    // The route changes in a transition: until its chunk has loaded, the sign-in form (with its own
    // Email field) is still the one on screen.
    await visible(page.getByRole('heading', { name: 'Forgot your password?' }))
    await page.getByLabel('Email', { exact: true }).fill(email)
    await screenshot(page, 'forgot-password')
    await page.getByRole('button', { name: /send/i }).click()
    await visible(text(page, 'Check Your Email'))
    await visible(page.getByRole('button', { name: 'Back to Sign In' }).or(page.getByRole('link', { name: 'Back to Sign In' })))

    const resetMail = await waitForMail(e2eBaseUrl(), email, 'Reset')
    const link = resetMail.links.find((l) => l.includes('/reset-password?token='))!
    await page.goto(link)
    const newPassword = 'Fresh-Rafter-77'
    await page.getByLabel('New Password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm Password').fill(newPassword)
    await screenshot(page, 'reset-password')
    await page.getByRole('button', { name: /reset password/i }).click()
    await visible(text(page, 'Password Reset Successful'))

    // The link is single use.
    await page.goto(link)
    await page.getByLabel('New Password', { exact: true }).fill('Another-Rafter-88')
    await page.getByLabel('Confirm Password').fill('Another-Rafter-88')
    await page.getByRole('button', { name: /reset password/i }).click()
    await visible(text(page, 'Invalid reset link. Please request a new password reset.'))

    await signIn(page, email, PASSWORD)
    await visible(text(page, 'Invalid email or password. Please try again.'))
    await signIn(page, email, newPassword)
    await waitForPath(page, '/')
    await visible(page.getByRole('heading', { name: 'Dashboard' }))
    await context.close()
  })
})
