import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { registrationFor } from '../fixtures/registration'
import { axeViolations } from './axe'
import { withBrowser } from './fixtures'
import { waitForMail } from './mail-box'

const { open, baseURL } = withBrowser()

type Texts = {
  readonly labels: Record<string, string>
  readonly gender: string
  readonly state: string
  readonly create: string
  readonly success: string
  readonly registered: string
  readonly resend: string
  readonly resent: string
  readonly subject: string
  readonly newPassword: string
  readonly save: string
  readonly changed: string
  readonly linkUsed: string
}

const en: Texts = {
  labels: {
    email: 'Email address',
    password: 'Password',
    name: 'First name',
    lastName: 'Last name',
    phone: 'Phone number',
    birthDate: 'Date of birth',
    street: 'Street',
    exteriorNumber: 'Exterior number',
    neighborhood: 'Neighborhood (colonia)',
    municipality: 'Municipality',
    postalCode: 'Postal code',
    city: 'City',
  },
  gender: 'Gender',
  state: 'State',
  create: 'Create account',
  success: 'Registration successful!',
  registered: 'User already registered. Would you like to resend the recovery email?',
  resend: 'Resend recovery email',
  resent: 'Recovery email has been sent successfully.',
  subject: 'Reset your Puente Digital password',
  newPassword: 'New password',
  save: 'Save the new password',
  changed: 'Your password has been changed. You can now sign in with it.',
  linkUsed:
    'This reset link is invalid, has expired or was already used. Ask for a new recovery email.',
}

const es: Texts = {
  labels: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    name: 'Nombre',
    lastName: 'Apellidos',
    phone: 'Número de teléfono',
    birthDate: 'Fecha de nacimiento',
    street: 'Calle',
    exteriorNumber: 'Número exterior',
    neighborhood: 'Colonia',
    municipality: 'Municipio',
    postalCode: 'Código postal',
    city: 'Ciudad',
  },
  gender: 'Género',
  state: 'Estado',
  create: 'Crear cuenta',
  success: '¡Registro exitoso!',
  registered:
    'El usuario ya está registrado. ¿Quieres que te reenviemos el correo de recuperación?',
  resend: 'Reenviar el correo de recuperación',
  resent: 'El correo de recuperación se envió correctamente.',
  subject: 'Restablece tu contraseña de Puente Digital',
  newPassword: 'Nueva contraseña',
  save: 'Guardar la nueva contraseña',
  changed: 'Tu contraseña se cambió. Ya puedes iniciar sesión con ella.',
  linkUsed:
    'Este enlace para restablecer no es válido, ya venció o ya se usó. Pide un nuevo correo de recuperación.',
}

function person(email: string): Record<string, string> {
  return registrationFor(email)
}

async function fillForm(page: Page, texts: Texts, values: Record<string, string>): Promise<void> {
  for (const [field, label] of Object.entries(texts.labels)) {
    await page.getByLabel(label, { exact: true }).fill(values[field] ?? '')
  }
  await page.getByLabel(texts.gender, { exact: true }).selectOption('Female')
  // Mexico is the country already chosen; its state is a list.
  await page.getByLabel(texts.state, { exact: true }).selectOption(values.state ?? '')
}

/** Only the expected HTTP errors (409 registered, 400 used link, forced 500) may show in the console. */
function unexpected(errors: readonly string[]): string[] {
  return errors.filter(
    (error) =>
      !/Failed to load resource: the server responded with a status of (400|409|500)/.test(error),
  )
}

async function resultHeading(page: Page, text: string) {
  const heading = page.getByRole('heading', { level: 2, name: text, exact: true })
  await heading.waitFor()
  // Focus moved to the result, so screen readers read it at once.
  expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true)
}

describe.each([
  ['en', en, 'en-US'],
  ['es', es, 'es-MX'],
] as const)('registration in %s', (language, texts, browserLocale) => {
  it('registers, recognises the address the second time, resends the recovery mail, and its link sets a new password once', async () => {
    const email = `e2e.${language}.${Date.now()}@example.com`
    const { page, errors } = await open('/register', { locale: browserLocale })
    await page.getByRole('button', { name: texts.create }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe(language)
    // Controls carry the payload's names and autofill tokens.
    expect(
      await page.getByLabel(texts.labels.email ?? '', { exact: true }).getAttribute('name'),
    ).toBe('email')
    expect(
      await page
        .getByLabel(texts.labels.birthDate ?? '', { exact: true })
        .getAttribute('autocomplete'),
    ).toBe('bday')

    await fillForm(page, texts, person(email))
    await page.getByRole('button', { name: texts.create }).click()
    await resultHeading(page, texts.success)

    // The address is confirmed first: a reset link of a registration never confirmed removes
    // that registration instead of setting its password (docs/decisions/033).
    const verification = await waitForMail(email, undefined, (m) =>
      /verify-email\?token=/.test(m.text),
    )
    const verifyLink = new URL(
      /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(verification.text)?.[0] ?? '',
    )
    const confirmed = page.waitForResponse((answer) =>
      answer.url().endsWith('/api/v1/auth/verify-email'),
    )
    await page.goto(verifyLink.pathname + verifyLink.search)
    expect((await confirmed).status()).toBe(200)

    await page.goto('/register')
    await fillForm(page, texts, person(email.toUpperCase()))
    await page.getByRole('button', { name: texts.create }).click()
    await resultHeading(page, texts.registered)
    await page.getByRole('button', { name: texts.resend }).click()
    await resultHeading(page, texts.resent)

    // The account's first mail is the verification link; this is the recovery mail.
    const mail = await waitForMail(email, undefined, (m) => m.subject === texts.subject)
    expect(mail.subject).toBe(texts.subject)
    const link = new RegExp(`${baseURL}/reset-password\\?token=[A-Za-z0-9_-]{43}`).exec(
      mail.text,
    )?.[0]
    expect(link).toBeDefined()

    await page.goto(link ?? '')
    await page.getByLabel(texts.newPassword).fill('a brand new passphrase')
    // The token left the address bar once the page took it.
    expect(new URL(page.url()).search).toBe('')
    await page.getByRole('button', { name: texts.save }).click()
    await resultHeading(page, texts.changed)

    await page.goto(link ?? '')
    await page.getByLabel(texts.newPassword).fill('yet another passphrase')
    await page.getByRole('button', { name: texts.save }).click()
    await resultHeading(page, texts.linkUsed)
    expect(unexpected(errors)).toEqual([])
  })
})

describe('registration form behaviour', () => {
  it('a forced server failure shows the failure text, and "Try again" returns to the form with the values kept', async () => {
    const { page, errors } = await open('/register')
    await page.route('**/api/v1/auth/register', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false }),
      }),
    )
    const email = `e2e.failure.${Date.now()}@example.com`
    await fillForm(page, en, person(email))
    await page.getByRole('button', { name: en.create }).click()
    await resultHeading(page, 'Registration failed. Please try again.')
    await page.getByRole('button', { name: 'Try again' }).click()
    expect(await page.getByLabel('Email address', { exact: true }).inputValue()).toBe(email)
    expect(await page.getByLabel('Gender', { exact: true }).inputValue()).toBe('Female')

    await page.unroute('**/api/v1/auth/register')
    await page.getByRole('button', { name: en.create }).click()
    await resultHeading(page, en.success)
    expect(unexpected(errors)).toEqual([])
  })

  it('an empty submission shows the summary and each message, focuses the first invalid field, and passes axe', async () => {
    const { page, errors } = await open('/register')
    // On its way to the button (disabled until the app is live) the pointer crosses the form:
    // the app loads then (docs/decisions/068).
    await page.locator('main form').hover()
    await page.getByRole('button', { name: en.create }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please check the highlighted fields.' })
      .waitFor()
    const email = page.getByLabel('Email address', { exact: true })
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (await email.getAttribute('aria-describedby')) ?? ''
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('This field is required.')
    expect(await page.getByLabel('Interior number').getAttribute('aria-invalid')).toBe('false')

    const violations = (await axeViolations(page)).map((violation) => violation.id)
    expect(violations).toEqual([])
    expect(errors).toEqual([])
  })

  it('the API refuses a registration without the XSRF header (403) and stores nothing', async () => {
    const { page } = await open('/register')
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/v1/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'no-xsrf@example.com' }),
      })
      return response.status
    })
    expect(status).toBe(403)
  })
})
