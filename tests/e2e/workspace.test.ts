import { createHash } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { samplePdf } from '../../server/test/sample-files'
import { axeViolations } from './axe'
import { downloadedBytes } from './downloaded'
import { mailsTo, waitForMail } from './mail-box'
import { waitForHydration } from './navigation-helpers'
import { requestService } from './requested-service'
import { describe, expect, type SignedIn, test } from './signed-in'

// A request's workspace in a real browser against the real server and SMTP catcher, in each
// language: the client writes with a PDF attached; the agency (another browser context) sees
// the list's count and the message arrive live; it replies with an internal note and a public
// message, of which the client sees only the public one, live and announced; the client
// downloads the file byte for byte; with the client's page closed, one digest mail in their
// language. axe finds nothing on both pages in both themes.

const texts = {
  'en-US': {
    open: 'Messages and files',
    message: 'Your message',
    reply: 'Reply',
    attach: 'Attach files',
    uploaded: 'Uploaded',
    send: 'Send message',
    sent: 'Message sent.',
    internal: 'Internal note (only the team sees it; the client is not told)',
    saveNote: 'Save internal note',
    noteSaved: 'Internal note saved. The client does not see it.',
    darkTheme: 'Dark theme',
    awaiting: 'Awaiting our reply',
    newMessages: 'New messages',
    announced: 'New message from Ana · Puente Digital:',
    download: /^Download brief\.pdf/,
    digest: 'New message about your request – Puente Digital',
    digests: /^\d+ new messages about your request/,
  },
  'es-MX': {
    open: 'Mensajes y archivos',
    message: 'Tu mensaje',
    reply: 'Respuesta',
    attach: 'Adjuntar archivos',
    uploaded: 'Subido',
    send: 'Enviar mensaje',
    sent: 'Mensaje enviado.',
    internal: 'Nota interna (solo la ve el equipo; al cliente no se le avisa)',
    saveNote: 'Guardar la nota interna',
    noteSaved: 'Nota interna guardada. El cliente no la ve.',
    darkTheme: 'Tema oscuro',
    awaiting: 'Esperan nuestra respuesta',
    newMessages: 'Mensajes nuevos',
    announced: 'Nuevo mensaje de Ana · Puente Digital:',
    download: /^Descargar brief\.pdf/,
    digest: 'Nuevo mensaje sobre tu solicitud – Puente Digital',
    digests: /^\d+ mensajes nuevos sobre tu solicitud/,
  },
} as const
type Texts = (typeof texts)[keyof typeof texts]

const thread = (page: Page): Locator => page.locator('.workspace-thread')
/** A message's text in the thread (not its announcement in the live region). */
const shown = (page: Page, text: string | RegExp): Locator =>
  thread(page).locator('.thread-text').filter({ hasText: text })

/** axe finds nothing on the page as it is, in the light theme and in the dark one. */
async function expectAccessibleInBothThemes(page: Page, t: Texts): Promise<void> {
  const toggle = page.locator('.site-header').getByRole('button', { name: t.darkTheme })
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme) await toggle.click()
    await page.waitForSelector(`html[data-theme="${theme}"]`)
    expect(await axeViolations(page), `axe on ${page.url()} (${theme})`).toEqual([])
  }
}

/** The client's thread as the API gives it to them (what their page may ever show). */
async function clientBodies(client: SignedIn, id: string): Promise<string[]> {
  const answer = await client.api.call('GET', `/api/v1/me/service-requests/${id}/messages`)
  expect(answer.status, answer.text).toBe(200)
  return (answer.body as { messages: { body: string }[] }).messages.map((m) => m.body)
}

describe.each(['en-US', 'es-MX'] as const)('a request’s workspace in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('client and agency write live, notes stay internal, files round-trip, one digest', async ({
    client,
    admin,
  }) => {
    const id = await requestService(client)
    const pdf = samplePdf()
    const question = `Here is our brief (${locale}).\nSee https://example.com/bakery for our shop.`
    const follow = `Are you there? (${locale})`
    const note = `Internal: budget looks tight (${locale}).`
    const answer = `Thank you, we are reading it (${locale}).`
    const later = `Our proposal follows tomorrow (${locale}).`

    // The agency's list, filtered to this client and to threads awaiting a reply.
    const list = admin.page
    await list.goto(`/admin?q=${encodeURIComponent(client.email)}&awaiting=yes`)
    await waitForHydration(list)

    // The client opens the request from /my-services.
    const { page } = client
    await page.goto('/my-services')
    await waitForHydration(page)
    await page.getByRole('link', { name: t.open }).click()
    await page.waitForURL(`**/my-services/${id}`)
    await thread(page).getByLabel(t.message).waitFor()
    await expectAccessibleInBothThemes(page, t)

    // Writes with a PDF attached, uploaded before sending.
    await thread(page).getByLabel(t.message).fill(question)
    await thread(page)
      .getByLabel(t.attach)
      .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: pdf })
    await thread(page).getByText(t.uploaded, { exact: true }).waitFor()
    await thread(page).getByRole('button', { name: t.send }).click()
    await thread(page).getByText(t.sent).waitFor()
    const link = thread(page).getByRole('link', { name: 'https://example.com/bakery' })
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')

    // The agency's list counts it, live (the inbox stream refreshes the list).
    const row = list.locator('.admin-table tbody tr', { hasText: client.email })
    await expect.poll(() => row.locator('.admin-new-messages strong').textContent()).toBe('1')
    await row.getByText(t.awaiting).waitFor()

    // The agency opens it; the client's next message arrives there live.
    await row.getByRole('link').first().click()
    await shown(list, /Here is our brief/).waitFor()
    await client.api.call('POST', `/api/v1/me/service-requests/${id}/messages`, { body: follow })
    await shown(list, follow).waitFor()
    await expectAccessibleInBothThemes(list, t)

    // An internal note, then a public reply.
    await thread(list).getByLabel(t.reply).fill(note)
    await thread(list).getByLabel(t.internal).check()
    await thread(list).getByRole('button', { name: t.saveNote }).click()
    await thread(list).locator('.thread-message-internal', { hasText: note }).waitFor()
    // Confirmed as a note, not as a message sent to the client.
    await thread(list).getByRole('status').filter({ hasText: t.noteSaved }).waitFor()
    await thread(list).getByLabel(t.reply).fill(answer)
    await thread(list).getByRole('button', { name: t.send }).click()
    await shown(list, answer).waitFor()

    // The client sees the public reply live, announced politely, and never the note.
    await shown(page, answer).waitFor()
    await expect
      .poll(() => thread(page).locator(':scope > [role="status"]').textContent())
      .toBe(`${t.announced} ${answer}`)
    expect(await thread(page).getByText(note).count()).toBe(0)
    expect(await clientBodies(client, id)).not.toContain(note)

    // The file comes back byte for byte.
    const download = page.waitForEvent('download')
    await thread(page).getByRole('link', { name: t.download }).click()
    const saved = await downloadedBytes(await download)
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
    expect(sha256(saved)).toBe(sha256(pdf))

    // With the client's page closed, the agency's next message is mailed: once, in Spanish
    // for a Spanish client. What they saw live was not mailed.
    await page.close()
    await thread(list).getByLabel(t.reply).fill(later)
    await thread(list).getByRole('button', { name: t.send }).click()
    await shown(list, later).waitFor()
    const digest = await waitForMail(client.email, 30_000, (mail) => mail.subject === t.digest)
    expect(digest.text).toContain(later)
    expect(digest.text).toContain(`/my-services/${id}`)
    expect(digest.text).not.toContain(answer)
    expect(digest.text).not.toContain(note)
    const digests = mailsTo(
      client.email,
      (mail) => mail.subject === t.digest || t.digests.test(mail.subject),
    )
    expect(digests).toHaveLength(1)
    expect(client.errors).toEqual([])
    expect(admin.errors).toEqual([])
  })
})
