import type { Page } from 'playwright-core'
import { registrationFor } from '../fixtures/registration'
import { newApiSession } from './api-session'
import { axeViolations } from './axe'
import { waitForLink, waitForMail } from './mail-box'
import { waitForHydration } from './navigation-helpers'
import { addPasskey } from './passkeys'
import { grantAdmin } from './running-database'
import { describe, expect, type SignedIn, test } from './signed-in'

// Service requests end to end, in each language, against the real server and SMTP catcher: a
// visitor opens "Request this service", registers, confirms the address, signs in and comes
// back to the brief; sends it; an account made admin with `npm run admin:grant` moves it to
// "In review" with a note from the inbox; the client reads the note in /my-services and gets
// the status mail. A client at /admin sees the 403 page. axe finds nothing on the new pages in
// either theme, on pages the real server fills.

type Texts = {
  readonly servicePath: string
  readonly serviceName: string
  readonly requestService: string
  readonly signInToRequest: string
  readonly createAccount: string
  readonly createAnAccount: string
  readonly registered: string
  readonly verified: string
  readonly email: string
  readonly password: string
  readonly signIn: string
  readonly whatYouNeed: string
  readonly whenToStart: string
  readonly budget: string
  readonly sendRequest: string
  readonly goToMyServices: string
  readonly received: string
  readonly inReview: string
  readonly noAccess: string
  readonly filterQ: string
  readonly applyFilters: string
  readonly changeStatus: string
  readonly noteForClient: string
  readonly saveStatus: string
  readonly statusNow: string
  readonly darkTheme: string
  readonly withdraw: string
  readonly requestsTab: string
}

const en: Texts = {
  servicePath: '/services/web-design',
  serviceName: 'Web design',
  requestService: 'Request this service',
  signInToRequest: 'Sign in to request this service',
  createAccount: 'Create account',
  createAnAccount: 'Create an account',
  registered: 'Registration successful!',
  verified: 'Your email address is confirmed. You can sign in now.',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  whatYouNeed: 'What you need',
  whenToStart: 'When would you like to start?',
  budget: 'Budget',
  sendRequest: 'Send request',
  goToMyServices: 'Go to My services',
  received: 'Received',
  inReview: 'In review',
  noAccess: "You don't have access to this page",
  filterQ: 'Name, email or number',
  applyFilters: 'Apply filters',
  changeStatus: 'Change status',
  noteForClient: 'Note for the client (optional)',
  saveStatus: 'Save status',
  statusNow: 'The status is now In review. The client has been notified by email.',
  darkTheme: 'Dark theme',
  withdraw: 'Withdraw this request',
  requestsTab: 'Service requests',
}

const es: Texts = {
  servicePath: '/servicios/diseno-web',
  serviceName: 'Diseño web',
  requestService: 'Solicitar este servicio',
  signInToRequest: 'Inicia sesión para solicitar este servicio',
  createAccount: 'Crear cuenta',
  createAnAccount: 'Crear una cuenta',
  registered: '¡Registro exitoso!',
  verified: 'Tu correo electrónico está confirmado. Ya puedes iniciar sesión.',
  email: 'Correo electrónico',
  password: 'Contraseña',
  signIn: 'Iniciar sesión',
  whatYouNeed: 'Qué necesitas',
  whenToStart: '¿Cuándo te gustaría empezar?',
  budget: 'Presupuesto',
  sendRequest: 'Enviar solicitud',
  goToMyServices: 'Ir a Mis servicios',
  received: 'Recibida',
  inReview: 'En revisión',
  noAccess: 'No tienes acceso a esta página',
  filterQ: 'Nombre, correo o número',
  applyFilters: 'Aplicar filtros',
  changeStatus: 'Cambiar estado',
  noteForClient: 'Nota para el cliente (opcional)',
  saveStatus: 'Guardar estado',
  statusNow: 'El estado ahora es En revisión. Le avisamos al cliente por correo.',
  darkTheme: 'Tema oscuro',
  withdraw: 'Retirar esta solicitud',
  requestsTab: 'Solicitudes de servicio',
}

const password = 'lantern orbit mango 42'

/** axe finds nothing on the page as it is, in the light theme and in the dark one. */
async function expectAccessibleInBothThemes(page: Page, texts: Texts): Promise<void> {
  await waitForHydration(page)
  const toggle = page.locator('.site-header').getByRole('button', { name: texts.darkTheme })
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme) await toggle.click()
    await page.waitForSelector(`html[data-theme="${theme}"]`)
    expect(await axeViolations(page), `axe on ${page.url()} (${theme})`).toEqual([])
  }
  await toggle.click()
  await page.waitForSelector('html[data-theme="light"]')
}

/**
 * Registers `email` through the form (on `/register`, or the registration page already open)
 * and confirms it with the mailed link.
 */
async function registerAndVerify(
  page: Page,
  texts: Texts,
  email: string,
  { onRegisterPage = false } = {},
): Promise<void> {
  if (!onRegisterPage) await page.goto('/register')
  await waitForHydration(page)
  for (const [field, value] of Object.entries({ ...registrationFor(email), password })) {
    const control = page.locator(`form [name="${field}"]`)
    // The choices (gender, state, country) are selects.
    if (['gender', 'state', 'country'].includes(field)) await control.selectOption(value)
    else await control.fill(value)
  }
  await page.getByRole('button', { name: texts.createAccount }).click()
  await page.getByRole('heading', { name: texts.registered }).waitFor()
  const token = await waitForLink(email, 'verify-email')
  await page.goto(`/verify-email?token=${token}`)
  await page.getByRole('heading', { name: texts.verified }).waitFor()
}

async function signIn(page: Page, texts: Texts, email: string): Promise<void> {
  await waitForHydration(page)
  await page.getByLabel(texts.email, { exact: true }).fill(email)
  await page.getByLabel(texts.password, { exact: true }).fill(password)
  await page.getByRole('button', { name: texts.signIn, exact: true }).click()
}

describe.each([
  ['en', en, 'en-US'],
  ['es', es, 'es-MX'],
] as const)('service requests in %s', (language, texts, locale) => {
  test.override({ locale })

  test('a client requests a service, the admin moves it to review with a note, the client reads it and gets the mail; a client at /admin sees the 403 page', async ({
    visit,
  }) => {
    const stamp = Date.now()
    const clientEmail = `e2e.request.${language}.${stamp}@example.com`
    const adminEmail = `e2e.admin.${language}.${stamp}@example.com`
    const note = `We are reading your brief (${language}) and will write by Friday.`

    // Signed out, "Request this service" offers sign-in and registration, back to the brief.
    const client = await visit(texts.servicePath)
    const { page } = client
    await waitForHydration(page)
    await page.getByRole('link', { name: texts.requestService }).click()
    await page.getByRole('heading', { name: texts.signInToRequest }).waitFor()
    expect(new URL(page.url()).search).toBe('?brief=open')
    await expectAccessibleInBothThemes(page, texts)

    // A new client registers from the brief; after the verification mail's link, their
    // first sign-in (from the verified page, no ?redirect= of its own) returns to the brief.
    await page.locator('#request-brief').getByRole('link', { name: texts.createAnAccount }).click()
    await page.waitForURL(/\/register\?redirect=/)
    await registerAndVerify(page, texts, clientEmail, { onRegisterPage: true })
    await page.locator('#main').getByRole('link', { name: texts.signIn, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '')
    await signIn(page, texts, clientEmail)

    // Back on the service page with the brief open.
    await page.waitForURL((url) => url.pathname === texts.servicePath)
    await page
      .getByLabel(texts.whatYouNeed)
      .fill('A new site for our bakery in Oaxaca, with online orders and delivery zones.')
    await page.getByLabel(texts.whenToStart).selectOption('within-1-month')
    await page.getByLabel(texts.budget).selectOption('25k-75k')
    await expectAccessibleInBothThemes(page, texts)
    await page.getByRole('button', { name: texts.sendRequest }).click()
    await page.getByRole('link', { name: texts.goToMyServices }).click()

    // My services lists it, received.
    await page.waitForURL(/\/my-services$/)
    const card = page.locator('.request-card').first()
    await card.getByRole('link', { name: texts.serviceName }).waitFor()
    expect(await card.locator('.status-badge').textContent()).toBe(texts.received)
    await expectAccessibleInBothThemes(page, texts)

    // A client at /admin sees the 403 page.
    await page.goto('/admin')
    await page.getByRole('heading', { name: texts.noAccess }).waitFor()
    await expectAccessibleInBothThemes(page, texts)

    // Another account, made admin by the script, moves the request to review with a note.
    const agency = await visit('/register')
    await registerAndVerify(agency.page, texts, adminEmail)
    grantAdmin(adminEmail)
    await agency.page.goto('/admin')
    await agency.page.waitForURL(/\/login\?redirect=%2Fadmin$/)
    await signIn(agency.page, texts, adminEmail)
    // An admin without a second factor is sent to set one up first.
    await agency.page.waitForURL(/\/profile\?setup=admin/)
    // This session adds a passkey (a software authenticator, through the API) and thereby
    // proves it; then the inbox opens.
    await addPasskey(agency.api)
    await agency.page.goto('/admin')
    await agency.page.getByLabel(texts.filterQ).fill(clientEmail)
    await agency.page.getByRole('button', { name: texts.applyFilters }).click()
    await agency.page.waitForURL(/[?&]q=/)
    const row = agency.page.locator('.admin-table tbody tr', { hasText: clientEmail })
    await row.waitFor()
    await expectAccessibleInBothThemes(agency.page, texts)
    await row.getByRole('link').click()
    await agency.page.getByRole('button', { name: texts.changeStatus }).click()
    await agency.page.getByRole('radio', { name: texts.inReview }).check()
    await agency.page.getByLabel(texts.noteForClient).fill(note)
    await agency.page.getByRole('button', { name: texts.saveStatus }).click()
    await agency.page.getByText(texts.statusNow).waitFor()
    await expectAccessibleInBothThemes(agency.page, texts)

    // The client reads the note in My services and gets the status mail in their language.
    await page.goto('/my-services')
    await page.getByText(note).waitFor()
    expect(await card.locator('.status-badge').textContent()).toBe(texts.inReview)
    const mail = await waitForMail(clientEmail, undefined, (m) => m.text.includes(note))
    expect(mail.text).toContain(texts.inReview)
  })
})

/**
 * A request of `client`'s, moved to review with a note by `admin`, and an enquiry from a
 * visitor: what the signed-in pages below show, all made by the real server.
 */
async function seedInbox(client: SignedIn, admin: SignedIn): Promise<{ enquiryEmail: string }> {
  const created = await client.api.call('POST', '/api/v1/me/service-requests', {
    serviceId: 'web-design',
    need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
    desiredStart: 'within-1-month',
    budget: '25k-75k',
  })
  expect(created.status, created.text).toBe(201)
  const id = (created.body as { request: { id: string } }).request.id
  const moved = await admin.api.call('POST', `/api/v1/admin/service-requests/${id}/status`, {
    to: 'inReview',
    note: 'We are reading your brief.',
  })
  expect(moved.status, moved.text).toBe(200)
  const enquiryEmail = `e2e.axe.enquiry.${Date.now()}@example.com`
  const visitor = await newApiSession()
  const sent = await visitor.call('POST', '/api/v1/contact', {
    name: 'Lucía Hernández',
    email: enquiryEmail,
    company: 'Café Lucía',
    service: 'e-commerce',
    budget: '25k-75k',
    message: 'We sell coffee in Puebla and would like an online shop.',
    consent: true,
    elapsedMs: 10_000,
  })
  expect(sent.status, sent.text).toBe(201)
  await visitor.close()
  return { enquiryEmail }
}

describe.each([
  ['en', en, 'en-US'],
  ['es', es, 'es-MX'],
] as const)('the requests’ signed-in pages in %s', (_language, texts, locale) => {
  test.override({ locale })

  test('My services, the 403 page, the inbox lists and details have no axe violations in either theme', async ({
    client,
    admin,
  }) => {
    const { enquiryEmail } = await seedInbox(client, admin)
    const { page } = client
    await page.goto('/my-services')
    await page.locator('.request-card .status-badge').waitFor()
    await page.getByRole('button', { name: texts.withdraw }).click()
    await expectAccessibleInBothThemes(page, texts)
    await page.goto('/admin')
    await page.getByRole('heading', { name: texts.noAccess }).waitFor()
    await expectAccessibleInBothThemes(page, texts)

    const agency = admin.page
    await agency.goto(`/admin?q=${encodeURIComponent(client.email)}`)
    await agency.locator('.admin-table tbody tr', { hasText: client.email }).waitFor()
    expect(
      await agency.getByRole('link', { name: texts.requestsTab }).getAttribute('aria-current'),
    ).toBe('page')
    await expectAccessibleInBothThemes(agency, texts)
    await agency.locator('.admin-table tbody th a').first().click()
    await agency.getByRole('button', { name: texts.changeStatus }).click()
    await agency.getByRole('radio').first().waitFor()
    await expectAccessibleInBothThemes(agency, texts)
    await agency.goto(`/admin?tab=enquiries&q=${encodeURIComponent(enquiryEmail)}`)
    await agency.locator('.admin-table tbody tr', { hasText: enquiryEmail }).waitFor()
    await expectAccessibleInBothThemes(agency, texts)
    await agency.locator('.admin-table tbody th a').first().click()
    await agency.locator('.admin-detail').getByText(enquiryEmail).waitFor()
    await expectAccessibleInBothThemes(agency, texts)
  })
})
