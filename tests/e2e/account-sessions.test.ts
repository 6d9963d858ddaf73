import { downloadedText } from './downloaded'
import { waitForMail } from './mail-box'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, test } from './signed-in'

// What a signed-in client does with their sessions and their data, in a real browser against
// the real server, in each language: ends one other session from the list (that device is
// signed out at its next call, and its row goes), signs out everywhere else, downloads their
// data, and deletes the account (a wrong password first: refused, nothing deleted).

/** Other devices: their sessions-list rows are named by these user agents. */
const firefoxOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const safariOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

const texts = {
  'en-US': {
    endSession: (device: string) => `Sign out the session on ${device}`,
    ended: (device: string) => `The session on ${device} has been signed out.`,
    windows: 'Firefox on Windows',
    thisDevice: '(this device)',
    signOutElsewhere: 'Sign out everywhere else',
    signedOutElsewhere: 'Every other session has been signed out.',
    yourData: 'Your data',
    download: 'Download my data',
    deleteAccount: 'Delete my account',
    confirmWithPassword: 'Your password, to confirm',
    deleteForGood: 'Delete my account for good',
    wrongPassword: 'Your password is not right.',
    deleted: 'Your account has been deleted',
    deletedSubject: 'Your Puente Digital account was deleted',
  },
  'es-MX': {
    endSession: (device: string) => `Cerrar la sesión en ${device}`,
    ended: (device: string) => `Se cerró la sesión en ${device}.`,
    windows: 'Firefox en Windows',
    thisDevice: '(este dispositivo)',
    signOutElsewhere: 'Cerrar sesión en todos los demás dispositivos',
    signedOutElsewhere: 'Se cerraron todas las demás sesiones.',
    yourData: 'Tus datos',
    download: 'Descargar mis datos',
    deleteAccount: 'Eliminar mi cuenta',
    confirmWithPassword: 'Tu contraseña, para confirmar',
    deleteForGood: 'Eliminar mi cuenta definitivamente',
    wrongPassword: 'Tu contraseña no es correcta.',
    deleted: 'Tu cuenta ha sido eliminada',
    deletedSubject: 'Se eliminó tu cuenta de Puente Digital',
  },
} as const

/** Only the refusals these journeys provoke on purpose (a wrong password, a signed-out call). */
const unexpected = (errors: readonly string[]) =>
  errors.filter(
    (error) =>
      !/Failed to load resource: the server responded with a status of 40[013]/.test(error),
  )

describe.each(['en-US', 'es-MX'] as const)('a signed-in client in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('ends one other session from the list, then every other one', async ({ client }) => {
    const windows = await client.signInAgain({ userAgent: firefoxOnWindows })
    const mac = await client.signInAgain({ userAgent: safariOnMac })
    const { page } = client
    await page.goto('/profile')
    await waitForHydration(page)
    const rows = page.locator('.account-sessions li')
    await rows.filter({ hasText: t.thisDevice }).waitFor()
    expect(await rows.count()).toBe(3)

    // End the Windows session: its row goes, and that browser is signed out at its next call.
    await page.getByRole('button', { name: t.endSession(t.windows) }).click()
    await page.getByText(t.ended(t.windows)).waitFor()
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.filter({ hasText: t.windows }).count()).toBe(0)
    expect((await windows.api.call('GET', '/api/v1/me')).status).toBe(401)
    await windows.page.goto('/profile')
    await windows.page.waitForURL(/\/login\?redirect=%2Fprofile$/)
    expect((await mac.api.call('GET', '/api/v1/me')).status).toBe(200)

    // Every other session: the Mac is signed out too, this device stays signed in.
    await page.getByRole('button', { name: t.signOutElsewhere }).click()
    await page.getByText(t.signedOutElsewhere).waitFor()
    await expect.poll(() => rows.count()).toBe(1)
    expect((await mac.api.call('GET', '/api/v1/me')).status).toBe(401)
    expect((await client.api.call('GET', '/api/v1/me')).status).toBe(200)
    expect(unexpected([...client.errors, ...windows.errors, ...mac.errors])).toEqual([])
  })

  test('downloads their data, every section present', async ({ client }) => {
    await client.api.call('POST', '/api/v1/me/service-requests', {
      serviceId: 'web-design',
      need: 'A new site for our bakery, with online orders and delivery zones.',
      desiredStart: 'within-1-month',
      budget: '25k-75k',
    })
    const { page } = client
    await page.goto('/profile')
    await waitForHydration(page)
    const data = page.getByRole('region', { name: t.yourData })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('button', { name: t.download }).click(),
    ])
    expect(download.suggestedFilename()).toBe('puente-digital-account.json')
    const exported = JSON.parse(await downloadedText(download)) as Record<string, unknown>
    expect(Object.keys(exported).sort()).toEqual(['exportedAt', 'sessions', 'stored', 'user'])
    expect(exported.user).toMatchObject({ email: client.email, emailVerified: true })
    const stored = exported.stored as Record<string, unknown[]>
    expect(Object.keys(stored).sort()).toEqual([
      'emailVerifiedAt',
      'factors',
      'links',
      'mails',
      'messages',
      'passwordChangedAt',
      'payments',
      'proposalAcceptances',
      'proposals',
      'serviceRequests',
      'sessions',
    ])
    expect(stored.sessions).toHaveLength(1)
    expect(stored.messages).toEqual([])
    expect(stored.links).toEqual([expect.objectContaining({ purpose: 'email_verification' })])
    expect(stored.mails?.length).toBeGreaterThan(0)
    expect(stored.serviceRequests).toEqual([
      expect.objectContaining({ serviceId: 'web-design', status: 'received' }),
    ])
    expect(JSON.stringify(exported)).not.toMatch(/hash|token/i)
    expect(unexpected(client.errors)).toEqual([])
  })

  test('deleting with a wrong password is refused and deletes nothing; the right one deletes', async ({
    client,
  }) => {
    const { page } = client
    await page.goto('/profile')
    await waitForHydration(page)
    const data = page.getByRole('region', { name: t.yourData })
    await data.getByRole('button', { name: t.deleteAccount, exact: true }).click()
    await data.getByLabel(t.confirmWithPassword).fill('not the password at all')
    await data.getByRole('button', { name: t.deleteForGood }).click()
    await data.getByText(t.wrongPassword).waitFor()
    expect((await client.api.call('GET', '/api/v1/me')).status).toBe(200)
    const again = await client.signInAgain()
    expect((await again.api.call('GET', '/api/v1/me')).status).toBe(200)

    await data.getByLabel(t.confirmWithPassword).fill(client.password)
    await data.getByRole('button', { name: t.deleteForGood }).click()
    await page.getByRole('heading', { level: 1, name: t.deleted }).waitFor()
    expect((await client.api.call('GET', '/api/v1/me')).status).toBe(401)
    expect((await again.api.call('GET', '/api/v1/me')).status).toBe(401)
    await waitForMail(client.email, undefined, (m) => m.subject === t.deletedSubject)
    expect(unexpected(client.errors)).toEqual([])
  })
})
