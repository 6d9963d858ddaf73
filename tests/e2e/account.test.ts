import { describe, expect, it } from 'vitest'
import { registrationFor } from '../fixtures/registration'
import { axeViolations } from './axe'
import { withBrowser } from './fixtures'
import { waitForMail } from './mail-box'

// The account journey against the real server: register, open the verification mail's link,
// sign in, the header's account menu, the profile, sign out.
const { open } = withBrowser()

describe('an account, from the verification mail to signing out', () => {
  it('verifies, signs in, shows the account menu and the profile, and signs out', async () => {
    const email = `e2e.account.${Date.now()}@example.com`
    const password = 'lantern orbit mango 42'
    const { page, errors } = await open('/register')
    // Register through the API as the form would (the form has its own tests).
    const status = await page.evaluate(async (payload) => {
      await fetch('/api/v1/auth/xsrf-token', { credentials: 'same-origin' })
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      )
      const answer = await fetch('/api/v1/auth/register', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: JSON.stringify(payload),
      })
      return answer.status
    }, registrationFor(email))
    expect(status).toBe(201)

    // Signing in before the address is confirmed offers the link again.
    await page.goto('/login')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Please confirm your email address first.' }).waitFor()

    const mail = await waitForMail(email, undefined, (m) => /verify-email\?token=/.test(m.text))
    const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
    expect(link).toBeTruthy()
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search)
    await page
      .getByRole('heading', { name: 'Your email address is confirmed. You can sign in now.' })
      .waitFor()
    expect(new URL(page.url()).search).toBe('')

    // A signed-in page sends a signed-out visitor to sign in, and back.
    await page.goto('/profile')
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(/\/profile$/)
    await page.getByRole('heading', { name: 'Your details' }).waitFor()
    expect(await page.getByText(email).count()).toBeGreaterThan(0)
    await page.getByText('(this device)').waitFor()
    expect(await axeViolations(page)).toEqual([])

    // The header's account menu.
    const account = page.getByRole('button', { name: 'Account of Ana' })
    await account.click()
    expect(await account.getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('link', { name: 'My services' }).click()
    await page.waitForURL(/\/my-services$/)
    await page.getByRole('heading', { name: 'You have no services with us yet' }).waitFor()

    // Narrow screens: the bar offers the profile instead of the settings.
    await page.setViewportSize({ width: 390, height: 800 })
    const bar = page.getByRole('navigation', { name: 'Quick navigation' })
    expect(await bar.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile')
    expect(await bar.getByRole('button', { name: 'Settings' }).count()).toBe(0)
    await page.setViewportSize({ width: 1280, height: 800 })

    await account.click()
    await page.getByRole('link', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor()
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().waitFor()
    const me = await page.evaluate(async () => (await fetch('/api/v1/me')).status)
    expect(me).toBe(401)
    expect(errors.filter((error) => !/401|403/.test(error))).toEqual([])
  })
})
