import { afterAll, beforeAll, expect } from 'vitest'
import { createOutboxWorker, type OutboxWorker } from '../mail/outbox-worker'
import { type ReplyAddresses, replyKeyOf } from '../mail/reply-address'
import { createSmtpSender } from '../mail/smtp-transport'
import { mailKinds } from '../mail-kinds'
import { loadSecrets } from '../security/secrets'
import { ApiClient, type ApiOptions, type ApiServer, startApi } from './api-harness'
import { type SmtpCatcher, startSmtpCatcher, verificationTokenIn } from './smtp-catcher'
import { type Backend, createTestDatabase, startedLater, type TestDatabase } from './test-database'

/**
 * What the account tests share: a test database, the API with a clock the test moves, and the
 * real mail path (outbox worker → nodemailer → a loopback SMTP server).
 */
export type AccountKit = {
  readonly database: TestDatabase
  readonly api: ApiServer
  readonly smtp: SmtpCatcher
  readonly worker: OutboxWorker
  readonly publicUrl: string
  /** With `inboundDomain`: how the mails' reply addresses are made (the worker's). */
  readonly replies: ReplyAddresses | undefined
  /** Moves the API's clock forward. */
  advance(milliseconds: number): void
  /** The API's clock now. */
  now(): Date
  /**
   * A new account (registered in `language`), its address confirmed through the mail's link;
   * `registration` picks its address, password or other fields (default: a fresh address).
   */
  verifiedAccount(language?: 'en' | 'es', registration?: RegistrationChoice): Promise<TestAccount>
  /** A new account whose verification mail has not been opened. */
  unverifiedAccount(language?: 'en' | 'es', registration?: RegistrationChoice): Promise<TestAccount>
  /** A new browser (cookies of its own) signed in as `account`. */
  signedIn(
    account: TestAccount,
    options?: { remember?: boolean; userAgent?: string },
  ): Promise<ApiClient>
  close(): Promise<void>
}

export type TestAccount = {
  readonly email: string
  password: string
  readonly language: 'en' | 'es'
}

let sequence = 0

type RegistrationChoice = { readonly email?: string; readonly password?: string } & Partial<
  Record<keyof typeof registrationFields, string>
>

/** A valid registration for `email`; `overrides` change any field (a name, a refused password). */
export function registrationOf(
  email: string,
  password: string,
  overrides: Partial<Record<keyof typeof registrationFields, string>> = {},
) {
  return { email, password, ...registrationFields, ...overrides }
}

const registrationFields = {
  name: 'Marta',
  lastName: 'Ibáñez',
  phone: '5512345678',
  street: 'Calle 5',
  exteriorNumber: '1',
  neighborhood: 'Centro',
  municipality: 'Puebla',
  postalCode: '72000',
  city: 'Puebla',
  state: 'PUE',
  country: 'MX',
  gender: 'Female',
  birthDate: '1988-03-14',
}

export const accountPassword = 'granite meadow saxophone'

/** The site's address in the kit's mails (links are `${publicUrl}/…`). */
export const publicUrl = 'https://agency.example'

export type AccountKitOptions = Omit<ApiOptions, 'mail' | 'now'> & {
  /** The SMTP server's own delay before it answers (default: none). */
  readonly smtpReplyDelayMs?: number
  /**
   * Whether a queued mail is handed to the worker at once, as in production (default), or
   * waits for the test's `worker.deliverDue()` (a burst delivered in one go).
   */
  readonly deliverWhenQueued?: boolean
  /** Replies by email are received for this domain: the mails about a request carry reply addresses. */
  readonly inboundDomain?: string
}

export async function startAccountKit(
  backend: Backend,
  {
    smtpReplyDelayMs = 0,
    deliverWhenQueued = true,
    inboundDomain,
    ...options
  }: AccountKitOptions = {},
): Promise<AccountKit> {
  const database = await createTestDatabase(backend)
  const replies = inboundDomain
    ? {
        key: replyKeyOf((await loadSecrets({ pool: database.pool })).xsrfKey),
        domain: inboundDomain,
      }
    : undefined
  const smtp = await startSmtpCatcher({ replyDelayMs: smtpReplyDelayMs })
  const sender = createSmtpSender(smtp.url, '"Puente Digital" <no-reply@agency.example>')
  const worker = createOutboxWorker({
    kinds: mailKinds,
    pool: database.pool,
    send: sender.send,
    publicUrl,
    replies,
    log: () => {},
  })
  let offset = 0
  const api = await startApi(database, {
    ...options,
    mail: deliverWhenQueued ? worker : { queued: () => {} },
    now: () => new Date(Date.now() + offset),
  })

  async function unverifiedAccount(
    language: 'en' | 'es' = 'en',
    { email: chosenEmail, password = accountPassword, ...fields }: RegistrationChoice = {},
  ): Promise<TestAccount> {
    sequence += 1
    const email = chosenEmail ?? `account${sequence}.${process.pid}.${Date.now()}@example.com`
    const client = new ApiClient(api.url)
    client.cookies.set('app-language', language)
    const answer = await client.post(
      '/api/v1/auth/register',
      registrationOf(email, password, fields),
    )
    expect(answer.status).toBe(201)
    return { email, password, language }
  }

  return {
    database,
    api,
    smtp,
    worker,
    publicUrl,
    replies,
    advance(milliseconds) {
      offset += milliseconds
    },
    now: () => new Date(Date.now() + offset),
    unverifiedAccount,
    async verifiedAccount(language = 'en', registration = {}) {
      const account = await unverifiedAccount(language, registration)
      await worker.deliverDue()
      const mail = await smtp.waitForMail(account.email)
      const token = verificationTokenIn(mail.text, publicUrl)
      const verified = await new ApiClient(api.url).post('/api/v1/auth/verify-email', { token })
      expect(verified.status).toBe(200)
      return account
    },
    async signedIn(account, { remember = false, userAgent } = {}) {
      const client = new ApiClient(api.url)
      const answer = await client.post(
        '/api/v1/auth/login',
        { email: account.email, password: account.password, remember },
        userAgent ? { headers: { 'user-agent': userAgent } } : {},
      )
      expect(answer.status).toBe(200)
      return client
    },
    async close() {
      await api?.close()
      await worker?.stop()
      sender?.close()
      await smtp?.close()
      await database?.drop()
    },
  }
}

/**
 * The kit of a `describe` block: started before its tests, closed after them. Read it inside a
 * test or a hook (it exists from `beforeAll` on).
 */
export function useAccountKit(backend: Backend, options: AccountKitOptions = {}): AccountKit {
  let kit: AccountKit | undefined
  beforeAll(async () => {
    kit = await startAccountKit(backend, options)
  })
  afterAll(async () => {
    await kit?.close()
  })
  return startedLater(() => kit, 'account kit')
}
