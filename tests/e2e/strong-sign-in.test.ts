import * as OTPAuth from 'otpauth'
import type { Page } from 'playwright-core'
import { axeViolations } from './axe'
import { downloadedText } from './downloaded'
import { mainNav, waitForHydration } from './navigation-helpers'
import { withDatabase } from './running-database'
import { describe, expect, test } from './signed-in'

// Strong sign-in in a real Chromium against the real server, in each language: a passkey made
// in /profile with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain),
// then signing out and in with it; an authenticator app enrolled by reading the key from the
// page and computing its codes, then the second step of a password sign-in; an admin without a
// factor sent from the inbox to set one up, confirm it with a code and go back; the step-up
// dialog before a CSV export.
// axe finds nothing on the new interface in either theme.

const texts = {
  'en-US': {
    security: 'Sign-in and security',
    addPasskey: 'Add a passkey',
    nameThisPasskey: 'Name this passkey',
    savePasskey: 'Save the passkey',
    passkeyAdded: (name: string) => `The passkey “${name}” has been added.`,
    recoveryCodes: 'Your recovery codes',
    done: 'Done',
    signedOut: 'You are signed out',
    signInWithPasskey: 'Sign in with a passkey',
    accountOfAna: 'Account of Ana',
    viaPasskey: 'Signed in with a passkey',
    viaCode: 'Signed in with the password and an authenticator code',
    setUpApp: 'Set up an authenticator app',
    codeFromApp: 'Code from the app',
    turnOn: 'Turn on the authenticator app',
    appOn: 'The authenticator app is on.',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    oneMoreStep: 'One more step',
    code: 'Code',
    continue: 'Continue',
    inboxNeedsFactor: /The inbox holds our clients’ details/,
    openInbox: 'Confirm and open the inbox',
    codeOrRecovery: 'Code from your authenticator app, or a recovery code',
    inbox: 'Inbox',
    downloadCsv: 'Download CSV',
    confirmItsYou: 'Confirm it’s you',
    confirm: 'Confirm',
    recoveryLeft: '10 recovery codes left.',
  },
  'es-MX': {
    security: 'Inicio de sesión y seguridad',
    addPasskey: 'Añadir una llave de acceso',
    nameThisPasskey: 'Nombre de esta llave de acceso',
    savePasskey: 'Guardar la llave de acceso',
    passkeyAdded: (name: string) => `Se ha añadido la llave de acceso «${name}».`,
    recoveryCodes: 'Tus códigos de recuperación',
    done: 'Listo',
    signedOut: 'Cerraste sesión',
    signInWithPasskey: 'Iniciar sesión con una llave de acceso',
    accountOfAna: 'Cuenta de Ana',
    viaPasskey: 'Inició sesión con una llave de acceso',
    viaCode: 'Inició sesión con la contraseña y un código de la aplicación de autenticación',
    setUpApp: 'Configurar una aplicación de autenticación',
    codeFromApp: 'Código de la aplicación',
    turnOn: 'Activar la aplicación de autenticación',
    appOn: 'La aplicación de autenticación está activada.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    oneMoreStep: 'Un paso más',
    code: 'Código',
    continue: 'Continuar',
    inboxNeedsFactor: /La bandeja de entrada contiene los datos de nuestros clientes/,
    openInbox: 'Confirmar y abrir la bandeja de entrada',
    codeOrRecovery: 'Código de tu aplicación de autenticación o un código de recuperación',
    inbox: 'Bandeja de entrada',
    downloadCsv: 'Descargar CSV',
    confirmItsYou: 'Confirma que eres tú',
    confirm: 'Confirmar',
    recoveryLeft: 'Te quedan 10 códigos de recuperación.',
  },
} as const

type Texts = (typeof texts)[keyof typeof texts]

/** Chromium's own authenticator for this page: a platform passkey that verifies its user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

/** Only the refusals these journeys provoke on purpose (a step-up's 403, a second step's 401). */
const unexpected = (errors: readonly string[]) =>
  errors.filter(
    (error) =>
      !/Failed to load resource: the server responded with a status of 40[0134]/.test(error),
  )

async function expectNoAxeViolations(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme)
      await page.evaluate(
        (wanted) => document.documentElement.setAttribute('data-theme', wanted),
        theme,
      )
    expect(await axeViolations(page), `axe in the ${theme} theme`).toEqual([])
  }
}

/** Enrols the authenticator app on /profile: the key read from the page, a code computed. */
async function enrolApp(page: Page, t: Texts): Promise<{ totp: OTPAuth.TOTP; used: string }> {
  const security = page.getByRole('region', { name: t.security })
  await security.getByRole('button', { name: t.setUpApp }).click()
  const key = (await security.locator('.totp-key').textContent())?.trim() ?? ''
  expect(key).toMatch(/^[A-Z2-7]+=*$/)
  // The QR code is drawn in the page (an SVG image), not fetched from anywhere.
  expect(await security.locator('img.qr-code').getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) })
  const used = totp.generate()
  await security.getByLabel(t.codeFromApp).fill(used)
  await security.getByRole('button', { name: t.turnOn }).click()
  await security.getByText(t.appOn).waitFor()
  expect(
    await security.getByRole('list', { name: t.recoveryCodes }).getByRole('listitem').count(),
  ).toBe(10)
  return { totp, used }
}

/** A code the server has not seen yet: the current one, or the next step's (±1 is allowed). */
function freshCode(totp: OTPAuth.TOTP, used: string): string {
  const now = totp.generate()
  return now === used ? totp.generate({ timestamp: Date.now() + 30_000 }) : now
}

async function signOut(page: Page, t: Texts) {
  await page.goto('/logout')
  await page.getByRole('heading', { name: t.signedOut }).waitFor()
}

describe.each(['en-US', 'es-MX'] as const)('strong sign-in in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('a passkey made in the profile signs in alone, and the sessions list says so', async ({
    client,
  }) => {
    const { page, errors } = client
    await addVirtualAuthenticator(page)
    await page.goto('/profile')
    await waitForHydration(page)
    const security = page.getByRole('region', { name: t.security })
    await security.getByRole('button', { name: t.addPasskey }).click()
    await security.getByLabel(t.nameThisPasskey).fill('Laptop')
    await security.getByRole('button', { name: t.savePasskey }).click()
    await security.getByText(t.passkeyAdded('Laptop')).waitFor()
    // The first second factor comes with ten recovery codes, shown once.
    const codes = security.getByRole('list', { name: t.recoveryCodes })
    expect(await codes.getByRole('listitem').count()).toBe(10)
    await expectNoAxeViolations(page)
    await security.getByRole('button', { name: t.done }).click()
    await security.getByText('Laptop', { exact: true }).waitFor()
    await security.getByText(t.recoveryLeft).waitFor()

    await signOut(page, t)
    await page.goto('/login')
    await waitForHydration(page)
    // The browser may sign in with the passkey it offers in the email field's autofill, and the
    // button is gone; otherwise the button asks for it. (A click left waiting on a button that
    // went away is not waited for: it would hold the test for the click's whole timeout.)
    const signedIn = mainNav(page).getByRole('button', { name: t.accountOfAna })
    const button = page.getByRole('button', { name: t.signInWithPasskey })
    await Promise.race([
      signedIn.waitFor(),
      button
        .click()
        .then(() => signedIn.waitFor())
        .catch(() => {}),
    ])
    await signedIn.waitFor()
    await page.goto('/profile')
    await page.getByText(t.viaPasskey).first().waitFor()
    expect(unexpected(errors)).toEqual([])
  })

  test('an authenticator app: enrolled from the key on the page, then asked after the password', async ({
    newAccount,
  }) => {
    const account = await newAccount()
    const { page, errors } = account
    await page.goto('/profile')
    await waitForHydration(page)
    const { totp, used } = await enrolApp(page, t)
    await expectNoAxeViolations(page)

    await signOut(page, t)
    await page.goto('/login')
    await waitForHydration(page)
    await page.getByLabel(t.email, { exact: true }).fill(account.email)
    await page.getByLabel(t.password, { exact: true }).fill(account.password)
    await page.getByRole('button', { name: t.signIn, exact: true }).click()
    await page.getByRole('heading', { name: t.oneMoreStep }).waitFor()
    // The step takes the place of the form whose button had focus: its code field has it now.
    const codeField = page.getByLabel(t.code, { exact: true })
    await expect
      .poll(() => codeField.evaluate((field) => field === document.activeElement))
      .toBe(true)
    await expectNoAxeViolations(page)
    await codeField.fill(freshCode(totp, used))
    await page.getByRole('button', { name: t.continue }).click()
    await mainNav(page).getByRole('button', { name: t.accountOfAna }).waitFor()
    await page.goto('/profile')
    await page.getByText(t.viaCode).first().waitFor()
    expect(unexpected(errors)).toEqual([])
  })

  test('an admin without a second factor is sent to set one up, then back to the inbox', async ({
    newAccount,
  }) => {
    const admin = await newAccount({ role: 'admin', passkey: false })
    const { page, errors } = admin
    await page.goto('/admin')
    await page.waitForURL(/\/profile\?setup=admin#security$/)
    await page.getByText(t.inboxNeedsFactor).waitFor()
    const { totp, used } = await enrolApp(page, t)
    await page.getByRole('button', { name: t.done }).click()
    // Adding the app proved only the password: the session confirms with a code, no password.
    await page.getByRole('button', { name: t.openInbox }).click()
    const dialog = page.getByRole('dialog', { name: t.confirmItsYou })
    await dialog.waitFor()
    expect(await dialog.getByLabel(t.password, { exact: true }).count()).toBe(0)
    await dialog.getByLabel(t.codeOrRecovery, { exact: true }).fill(freshCode(totp, used))
    await dialog.getByRole('button', { name: t.confirm, exact: true }).click()
    await page.waitForURL(/\/admin$/)
    await page.getByRole('link', { name: t.downloadCsv }).waitFor()
    expect(unexpected(errors)).toEqual([])
  })

  test('the CSV export asks for fresh proof in a dialog, then downloads', async ({ admin }) => {
    const { page, errors } = admin
    // The sign-in was the last proof: make it older than the step-up window.
    await withDatabase((db) =>
      db.query(
        `UPDATE sessions SET last_proof_at = now() - interval '11 minutes'
          WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [admin.email],
      ),
    )
    await page.goto('/admin?tab=enquiries')
    await waitForHydration(page)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: t.downloadCsv }).click()
    const dialog = page.getByRole('dialog', { name: t.confirmItsYou })
    await dialog.waitFor()
    // Focus is in the dialog, on its field.
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    ).toBe(true)
    await expectNoAxeViolations(page)
    await dialog.getByLabel(t.password, { exact: true }).fill(admin.password)
    await dialog.getByRole('button', { name: t.confirm, exact: true }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/)
    expect((await downloadedText(file)).length).toBeGreaterThan(0)
    await dialog.waitFor({ state: 'detached' })
    expect(unexpected(errors)).toEqual([])
  })
})
