import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgencyThreadMessage, ThreadMessage } from '../../domain/api/api-contract'
import { setAccountRole } from '../admin/admin-role'
import { defaultAgencyEmail } from '../config'
import { defaultRateRules } from '../http/rate-rules'
import { createLogger } from '../log/logger'
import { type ReplyTarget, replyAddress } from '../mail/reply-address'
import { createRateLimiter } from '../security/rate-limit'
import { createFileBytes } from '../storage/file-bytes'
import { type TestAccount, useAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { type OpenStream, openEventStream, type ReceivedEvent } from '../test/event-stream'
import { signedInAdmin } from '../test/factor-kit'
import { replies as samples } from '../test/reply-samples'
import { type ClientWithRequest, clientWithRequest } from '../test/request-kit'
import { sampleExe, samplePdf, samplePng } from '../test/sample-files'
import type { CaughtMail } from '../test/smtp-catcher'
import { testBackends } from '../test/test-database'
import { testLogDir } from '../test/test-log'
import { type InboundListener, startInboundListener } from './inbound-listener'

/**
 * Replies by email end to end: the outbox's mails carry the reply addresses; a real SMTP client
 * (nodemailer) delivers replies to the listener over SMTP; they land in the thread, reach the
 * other side's open stream, and every mail the listener must not take is refused and logged.
 */
const [embedded] = testBackends()
if (!embedded) throw new Error('No test database')

const domain = 'reply.agency.example'
/** Small, so the oversized mail is cheap to send. */
const maxMessageBytes = 300_000

/** This file's lines of the run's log (server/test/test-log.ts). */
const runLog = pino.destination({
  dest: join(testLogDir, `inbound-${process.pid}-${randomBytes(4).toString('hex')}.ndjson`),
  mkdir: true,
  sync: true,
})

describe('replies by email', () => {
  const kit = useAccountKit(embedded, { inboundDomain: domain })
  const logged: Record<string, unknown>[] = []
  const listeners: InboundListener[] = []
  const streams: OpenStream[] = []
  let listener: InboundListener
  let admin: ApiClient
  let adminAccount: TestAccount

  async function startListener(maxConnections?: number): Promise<InboundListener> {
    const replies = kit.replies
    if (!replies) throw new Error('The kit makes no reply addresses')
    const started = await startInboundListener({
      pool: kit.database.pool,
      files: createFileBytes({ pool: kit.database.pool, uploadTo: 'postgres', bucket: undefined }),
      // Read here, and written to the run's log too, which `npm test` audits (scripts/audit-logs.ts).
      logger: createLogger({
        destination: {
          write: (line: string) => {
            logged.push(JSON.parse(line))
            runLog.write(line)
          },
        },
      }),
      replies,
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes,
      ...(maxConnections === undefined ? {} : { maxConnections }),
      agencyEmail: defaultAgencyEmail,
      agencyLocale: 'es',
      digestDelaySeconds: 0,
      rateLimiter: createRateLimiter(kit.database.pool),
      rateRules: defaultRateRules,
    })
    listeners.push(started)
    return started
  }

  beforeAll(async () => {
    listener = await startListener()
    adminAccount = await kit.verifiedAccount('es')
    await setAccountRole(kit.database.pool, adminAccount.email, 'admin')
    admin = await signedInAdmin(kit, adminAccount)
  }, 60_000)
  afterAll(async () => {
    for (const stream of streams) stream.close()
    for (const started of listeners) await started.close()
  })

  const addressOf = (target: ReplyTarget) => {
    if (!kit.replies) throw new Error('The kit makes no reply addresses')
    return replyAddress(kit.replies, target)
  }
  const clientAddress = (client: ClientWithRequest) =>
    addressOf({ side: 'client', requestId: client.requestId, accountId: client.id })
  const agencyAddress = (client: ClientWithRequest) =>
    addressOf({ side: 'agency', requestId: client.requestId })

  type Outcome = { readonly accepted: boolean; readonly code?: number; readonly text?: string }

  /** Delivers one mail over SMTP as a mail server would; resolves with the listener's answer. */
  async function deliver(mail: SendMailOptions, port = listener.port): Promise<Outcome> {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      name: 'mx.sender.example',
    })
    try {
      await transport.sendMail(mail)
      return { accepted: true }
    } catch (error) {
      const { responseCode, response } = error as { responseCode?: number; response?: string }
      return {
        accepted: false,
        ...(responseCode === undefined ? {} : { code: responseCode }),
        ...(response === undefined ? {} : { text: response }),
      }
    } finally {
      transport.close()
    }
  }

  const agencyThread = async (requestId: string) =>
    (await admin.get(`/api/v1/admin/service-requests/${requestId}/messages`)).body
      .messages as AgencyThreadMessage[]
  const clientThread = async (client: ClientWithRequest) =>
    (await client.browser.get(`/api/v1/me/service-requests/${client.requestId}/messages`)).body
      .messages as ThreadMessage[]

  /** The mail's `Reply-To` header (unfolded: a long address is written on a line of its own). */
  const replyToOf = (mail: CaughtMail) =>
    /^Reply-To:\s*(.*)$/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim()

  const refusals = (reason: string) =>
    logged.filter((line) => line.event === 'inbound.refused' && line.reason === reason)

  async function stream(browser: ApiClient, path: string) {
    const opened = await openEventStream(kit.api.url, browser, path)
    streams.push(opened)
    expect(opened.status).toBe(200)
    return opened
  }
  const messageWith = (body: string) => (event: ReceivedEvent) =>
    event.event === 'message' && (JSON.parse(event.data) as ThreadMessage).body === body

  it('puts the request’s reply address in the mails about it, and says a reply is welcome, in both languages', async () => {
    const client = await clientWithRequest(kit)
    const acknowledgement = await kit.smtp.waitForMail(
      client.account.email,
      10_000,
      (mail) => !mail.text.includes('/verify-email'),
    )
    expect(replyToOf(acknowledgement)).toBe(clientAddress(client))
    expect(acknowledgement.text).toContain('You can reply to this email')
    const agency = await kit.smtp.waitForMail(defaultAgencyEmail, 10_000, (mail) =>
      mail.text.includes(client.requestId),
    )
    // The agency's side: its own address for the request, in AGENCY_LANGUAGE (Spanish).
    expect(replyToOf(agency)).toBe(agencyAddress(client))
    expect(agency.text).toContain('Puedes responder a este correo')
    expect(clientAddress(client)).not.toBe(agencyAddress(client))
  })

  it('takes a client’s reply in English (Gmail’s quote stripped) into the thread and the agency’s open stream', async () => {
    const client = await clientWithRequest(kit)
    const agencyStream = await stream(
      admin,
      `/api/v1/admin/service-requests/${client.requestId}/events`,
    )
    const outcome = await deliver({
      from: `Marta Ibáñez <${client.account.email}>`,
      to: clientAddress(client),
      subject: 'Re: New message about your request',
      text: samples.gmail,
      messageId: `<gmail-${client.requestId}@mail.example.com>`,
    })
    expect(outcome).toEqual({ accepted: true })
    const event = await agencyStream.next(messageWith('Thanks, the Tuesday slot works for us.'))
    expect(JSON.parse(event.data)).toMatchObject({ side: 'client', internal: false, isNew: true })
    const [message] = await agencyThread(client.requestId)
    expect(message).toMatchObject({
      side: 'client',
      body: 'Thanks, the Tuesday slot works for us.',
      authorName: 'Marta Ibáñez',
    })
  })

  it('takes the agency’s reply in Spanish (a Spanish Gmail quote stripped) from an admin, into the client’s stream and their mail', async () => {
    const client = await clientWithRequest(kit, { language: 'es' })
    const clientStream = await stream(
      client.browser,
      `/api/v1/me/service-requests/${client.requestId}/events`,
    )
    const outcome = await deliver({
      from: adminAccount.email,
      to: agencyAddress(client),
      subject: 'Re: Nueva solicitud',
      text: samples.gmailSpanish,
    })
    expect(outcome).toEqual({ accepted: true })
    const event = await clientStream.next(messageWith('Perfecto, enviamos el logotipo mañana.'))
    expect(JSON.parse(event.data)).toMatchObject({ side: 'agency', mine: false })
    const thread = await clientThread(client)
    expect(thread.map((message) => [message.side, message.body])).toEqual([
      ['agency', 'Perfecto, enviamos el logotipo mañana.'],
    ])

    // The client closes the page: the next reply reaches them as the usual digest, in Spanish,
    // itself carrying their reply address.
    clientStream.close()
    // An ended stream stops counting as the client's presence (the hub removes its watcher row).
    await expect
      .poll(
        async () =>
          (
            await kit.database.pool.query(
              'SELECT 1 FROM thread_watchers WHERE request_id = $1 AND side = $2',
              [client.requestId, 'client'],
            )
          ).rowCount,
        { timeout: 10_000 },
      )
      .toBe(0)
    expect(
      await deliver({ from: adminAccount.email, to: agencyAddress(client), text: 'Otra cosa.' }),
    ).toEqual({ accepted: true })
    await kit.worker.deliverDue()
    const digest = await kit.smtp.waitForMail(client.account.email, 10_000, (mail) =>
      mail.text.includes('Otra cosa.'),
    )
    expect(replyToOf(digest)).toBe(clientAddress(client))
    expect(digest.text).toContain('Puedes responder a este correo')
    expect(digest.text).not.toContain('no a este correo')
  })

  it('strips Outlook’s and Apple Mail’s quotes', async () => {
    const client = await clientWithRequest(kit)
    for (const text of [samples.outlook, samples.outlookHeaderBlock, samples.appleMail])
      expect(
        await deliver({ from: client.account.email, to: clientAddress(client), text }),
      ).toEqual({ accepted: true })
    expect((await agencyThread(client.requestId)).map((message) => message.body)).toEqual([
      'Please find the brief attached.\n\nRegards,\nAna',
      'Yes, go ahead.',
      'Can we move the call to Thursday?',
    ])
  })

  it('reads a reply sent as HTML only (Gmail’s quote block)', async () => {
    const client = await clientWithRequest(kit)
    const html = [
      '<div dir="ltr">Great, <b>thank you</b>!</div><br>',
      '<div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, 3 Mar 2025 at 10:02, Puente Digital &lt;reply@agency.example&gt; wrote:<br></div>',
      '<blockquote class="gmail_quote">Hello,<br>The team wrote about your request.</blockquote></div>',
    ].join('')
    expect(await deliver({ from: client.account.email, to: clientAddress(client), html })).toEqual({
      accepted: true,
    })
    expect((await clientThread(client)).map((message) => message.body)).toEqual([
      'Great, thank you!',
    ])
  })

  it('stores an attachment as a file of the message, recognised by its content', async () => {
    const client = await clientWithRequest(kit)
    const outcome = await deliver({
      from: client.account.email,
      to: clientAddress(client),
      text: 'Here is our logo and the brief.',
      attachments: [
        { filename: 'logo.png', content: samplePng(), contentType: 'image/png' },
        // A PDF sent as a generic type, under the wrong name: the content decides.
        { filename: 'brief.bin', content: samplePdf(), contentType: 'application/octet-stream' },
      ],
    })
    expect(outcome).toEqual({ accepted: true })
    const [message] = await clientThread(client)
    expect(message?.files.map((file) => [file.name, file.type, file.size])).toEqual([
      ['logo.png', 'image/png', samplePng().length],
      ['brief.pdf', 'application/pdf', samplePdf().length],
    ])
    const download = await client.browser.get(
      `/api/v1/me/service-requests/${client.requestId}/files/${message?.files[0]?.id}`,
    )
    expect(download.status).toBe(200)
  })

  it('refuses an attachment of a type uploads refuse, storing nothing', async () => {
    const client = await clientWithRequest(kit)
    const outcome = await deliver({
      from: client.account.email,
      to: clientAddress(client),
      text: 'Run this.',
      attachments: [
        { filename: 'logo.png', content: samplePng() },
        { filename: 'setup.exe', content: sampleExe() },
      ],
    })
    expect(outcome).toMatchObject({ accepted: false, code: 554 })
    expect(await clientThread(client)).toEqual([])
    const { rows } = await kit.database.pool.query(
      'SELECT count(*)::int AS n FROM thread_files WHERE request_id = $1',
      [client.requestId],
    )
    expect(rows[0]).toEqual({ n: 0 })
    expect(refusals('attachment_type').some((line) => line.requestId === client.requestId)).toBe(
      true,
    )
  })

  it('refuses a forged sender (someone else, or the client on the agency’s address) and logs it', async () => {
    const client = await clientWithRequest(kit)
    const forged = await deliver({
      from: 'mallory@example.net',
      to: clientAddress(client),
      text: 'Please send the invoice to my account instead.',
    })
    expect(forged).toMatchObject({ accepted: false, code: 550 })
    // The client may not answer as the agency: only an admin may use the agency's address.
    const asAgency = await deliver({
      from: client.account.email,
      to: agencyAddress(client),
      text: 'Approved by the agency.',
    })
    expect(asAgency).toMatchObject({ accepted: false, code: 550 })
    expect(await agencyThread(client.requestId)).toEqual([])
    const lines = refusals('forged_sender').filter((line) => line.requestId === client.requestId)
    expect(lines.map((line) => [line.level, line.side])).toEqual([
      ['warn', 'client'],
      ['warn', 'agency'],
    ])
  })

  it('refuses unknown and tampered addresses at RCPT, and logs each', async () => {
    const client = await clientWithRequest(kit)
    const address = clientAddress(client)
    const [local = '', host = ''] = address.split('@')
    const flip = (char: string) => (char === 'a' ? 'b' : 'a')
    const tamperedMac = `${local.slice(0, -1)}${flip(local.at(-1) ?? '')}@${host}`
    const otherSide = `reply+a${local.slice('reply+c'.length)}@${host}`
    const before = {
      unknown: refusals('unknown_address').length,
      invalid: refusals('invalid_token').length,
    }
    for (const to of [
      `hello@${domain}`,
      `reply+abc@${domain}`,
      address.replace(domain, 'other.example'),
    ]) {
      expect(await deliver({ from: client.account.email, to, text: 'Hi' })).toMatchObject({
        accepted: false,
        code: 550,
      })
    }
    for (const to of [tamperedMac, otherSide]) {
      expect(await deliver({ from: client.account.email, to, text: 'Hi' })).toMatchObject({
        accepted: false,
        code: 550,
      })
    }
    expect(refusals('unknown_address').length - before.unknown).toBe(3)
    expect(refusals('invalid_token').length - before.invalid).toBe(2)
    expect(await agencyThread(client.requestId)).toEqual([])
    // Upper case is the same address (a mail system may change the case of a local part).
    expect(
      await deliver({ from: client.account.email, to: address.toUpperCase(), text: 'Hi' }),
    ).toEqual({ accepted: true })
  })

  it('drops an out-of-office answer without a bounce, and bounces a reply with no text of its own', async () => {
    const client = await clientWithRequest(kit)
    const away = await deliver({
      from: client.account.email,
      to: clientAddress(client),
      subject: 'Out of office',
      text: 'I am away until Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    })
    expect(away).toEqual({ accepted: true })
    const quoteOnly = await deliver({
      from: client.account.email,
      to: clientAddress(client),
      text: '> Hello,\n> The team wrote about your request.',
    })
    expect(quoteOnly).toMatchObject({ accepted: false, code: 550 })
    expect(await clientThread(client)).toEqual([])
    const reasons = logged
      .filter((line) => line.event === 'inbound.refused' && line.requestId === client.requestId)
      .map((line) => line.reason)
    expect(reasons).toEqual(['automatic', 'empty'])
  })

  it('answers a connection past the cap 421 (try again in a moment)', async () => {
    const small = await startListener(1)
    const greeting = () =>
      new Promise<{ readonly socket: Socket; readonly line: string }>((resolve) => {
        const socket = connect(small.port, '127.0.0.1')
        socket.once('data', (data) => resolve({ socket, line: data.toString() }))
      })
    const first = await greeting()
    const second = await greeting()
    expect(first.line).toMatch(/^220 /)
    expect(second.line).toMatch(/^421 /)
    for (const { socket } of [first, second]) socket.destroy()
  })

  it('refuses a mail over the size limit and logs it', async () => {
    const client = await clientWithRequest(kit)
    const outcome = await deliver({
      from: client.account.email,
      to: clientAddress(client),
      text: 'A large scan.',
      attachments: [{ filename: 'scan.txt', content: 'x'.repeat(maxMessageBytes) }],
    })
    expect(outcome).toMatchObject({ accepted: false, code: 552 })
    expect(await clientThread(client)).toEqual([])
    expect(refusals('too_large').some((line) => line.requestId === client.requestId)).toBe(true)
  })

  it('stores a mail delivered again (same Message-ID) once, even to two instances at once', async () => {
    const client = await clientWithRequest(kit)
    const other = await startListener()
    const mail = {
      from: client.account.email,
      to: clientAddress(client),
      text: 'Delivered more than once.',
      messageId: `<again-${client.requestId}@mail.example.com>`,
    }
    expect(await deliver(mail)).toEqual({ accepted: true })
    expect(await deliver(mail)).toEqual({ accepted: true })
    const concurrent = { ...mail, messageId: `<both-${client.requestId}@mail.example.com>` }
    expect(await Promise.all([deliver(concurrent), deliver(concurrent, other.port)])).toEqual([
      { accepted: true },
      { accepted: true },
    ])
    expect((await agencyThread(client.requestId)).map((message) => message.body)).toEqual([
      'Delivered more than once.',
      'Delivered more than once.',
    ])
    const { rows } = await kit.database.pool.query(
      'SELECT count(DISTINCT mail_message_id)::int AS ids FROM thread_messages WHERE request_id = $1',
      [client.requestId],
    )
    expect(rows[0]).toEqual({ ids: 2 })
  })
})
