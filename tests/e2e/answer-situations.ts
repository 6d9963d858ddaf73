import { randomInt } from 'node:crypto'
import { endpoints } from '../../src/domain/api/api-contract'
import { contactPayload } from '../../src/domain/leads/contact-form'
import { serviceRequestPayload } from '../../src/domain/requests/service-request-form'
import { contactValues } from '../doubles/contact-answers'
import { resetToken } from '../doubles/password-reset-answers'
import { pathRegistration } from '../doubles/registration-flow-answers'
import { briefValues } from '../doubles/request-brief-answers'
import { statusNote } from '../doubles/status-change-answers'
import { verifyToken } from '../doubles/verify-email-answers'
import { type ApiAnswer, type ApiSession, newApiSession } from './api-session'
import { waitForLink } from './mail-box'
import { grantAdmin, withDatabase } from './running-database'

/**
 * The real situation behind each answer the path tests hold, by `<endpoint> <code>` (or
 * `<endpoint> ok`): each makes the situation happen against the running server, over HTTP, and
 * returns the server's answer. Each situation comes from an address of its own, so the rate
 * limits it trips (or must not trip) are its own.
 */

const password = 'lantern orbit mango 42'

const opened: ApiSession[] = []
export async function closeSituations(): Promise<void> {
  await Promise.all(opened.splice(0).map((session) => session.close()))
}

let count = 0
function freshEmail(what: string): string {
  count += 1
  return `e2e.doubles.${what}.${Date.now()}.${count}@example.com`
}

function freshAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
}

async function visitor(address: string = freshAddress()): Promise<ApiSession> {
  const session = await newApiSession({ address })
  opened.push(session)
  return session
}

async function expectStatus(what: string, answer: ApiAnswer, status: number): Promise<void> {
  if (answer.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text}`)
}

async function register(api: ApiSession, email: string, name = pathRegistration.name) {
  return api.call('POST', endpoints.register.path, { ...pathRegistration, password, email, name })
}

type Account = { readonly email: string; readonly address: string; readonly api: ApiSession }

/** A fresh account, confirmed unless told, signed in (when confirmed) from an address of its own. */
async function account({ confirmed = true } = {}): Promise<Account> {
  const address = freshAddress()
  const api = await visitor(address)
  const email = freshEmail(confirmed ? 'account' : 'unconfirmed')
  await expectStatus(`registration of ${email}`, await register(api, email), 201)
  if (!confirmed) return { email, address, api }
  const token = await waitForLink(email, 'verify-email')
  await expectStatus(
    `confirmation of ${email}`,
    await api.call('POST', endpoints.verifyEmail.path, { token }),
    200,
  )
  return { email, address, api: await signIn(email, address) }
}

/** Another session of the account (another device). */
async function signIn(email: string, address: string): Promise<ApiSession> {
  const api = await visitor(address)
  await expectStatus(
    `sign-in of ${email}`,
    await api.call('POST', endpoints.login.path, { email, password }),
    200,
  )
  return api
}

/** A client whose first session was ended from a second one: the first is signed out. */
async function endedSession(): Promise<ApiSession> {
  const client = await account()
  const other = await signIn(client.email, client.address)
  await expectStatus(
    'revoking the other sessions',
    await other.call('POST', endpoints.revokeOtherSessions.path, {}),
    200,
  )
  return client.api
}

let admin: Promise<ApiSession> | undefined
/** One admin for the file (granted with `npm run admin:grant`, as an operator would). */
function agency(): Promise<ApiSession> {
  admin ??= (async () => {
    const { email, address } = await account()
    grantAdmin(email)
    return signIn(email, address)
  })()
  return admin
}

/** A client's new request (status `received`) and its id. */
async function sentRequestId(): Promise<string> {
  const client = await account()
  const created = await client.api.call(
    'POST',
    endpoints.createServiceRequest.path,
    serviceRequestPayload('web-design', briefValues),
  )
  await expectStatus('a new request', created, 201)
  return (created.body as { request: { id: string } }).request.id
}

const withId = (path: string, id: string) => path.replace(':id', id)

/**
 * The server refuses a statement for a reason the code does not expect: the real path to its
 * `server_error` (a CHECK the test adds for one name only, removed afterwards).
 */
async function withRefusedName<T>(table: string, name: string, work: () => Promise<T>) {
  await withDatabase((db) =>
    db.query(
      `ALTER TABLE ${table} ADD CONSTRAINT e2e_doubles_refused CHECK (name <> '${name}') NOT VALID`,
    ),
  )
  try {
    return await work()
  } finally {
    await withDatabase((db) => db.query(`ALTER TABLE ${table} DROP CONSTRAINT e2e_doubles_refused`))
  }
}

/** A confirmed account's recovery link. */
async function recoveryLink(): Promise<{ api: ApiSession; token: string }> {
  const { email } = await account()
  const api = await visitor()
  await api.call('POST', endpoints.resendRecoveryEmail.path, { email })
  return { api, token: await waitForLink(email, 'reset-password') }
}

/** What the contact form sends with `values` changed. */
const enquiry = (changes: Partial<typeof contactValues> = {}) =>
  contactPayload({ ...contactValues, email: freshEmail('contact'), ...changes }, 10_000)

export const situations: Record<string, () => Promise<ApiAnswer>> = {
  // Registration and recovery (public).
  'register ok': async () => register(await visitor(), freshEmail('new')),
  'register already_registered': async () => {
    const api = await visitor()
    const email = freshEmail('twice')
    await register(api, email)
    return register(api, email)
  },
  'register invalid_fields': async () => register(await visitor(), 'not an address'),
  'register server_error': () =>
    withRefusedName('users', 'Refused', async () =>
      register(await visitor(), freshEmail('refused'), 'Refused'),
    ),
  'resendRecoveryEmail ok': async () =>
    (await visitor()).call('POST', endpoints.resendRecoveryEmail.path, {
      email: freshEmail('recover'),
    }),
  'resendRecoveryEmail rate_limited': async () => {
    const api = await visitor()
    const email = freshEmail('recover-twice')
    await api.call('POST', endpoints.resendRecoveryEmail.path, { email })
    return api.call('POST', endpoints.resendRecoveryEmail.path, { email })
  },
  'resetPassword ok': async () => {
    const { api, token } = await recoveryLink()
    return api.call('POST', endpoints.resetPassword.path, {
      token,
      password: 'a long new passphrase',
    })
  },
  'resetPassword invalid_token': async () =>
    (await visitor()).call('POST', endpoints.resetPassword.path, {
      token: resetToken,
      password: 'a long new passphrase',
    }),
  'verifyEmail ok': async () => {
    const { email, api } = await account({ confirmed: false })
    const token = await waitForLink(email, 'verify-email')
    return api.call('POST', endpoints.verifyEmail.path, { token })
  },
  'verifyEmail invalid_token': async () =>
    (await visitor()).call('POST', endpoints.verifyEmail.path, { token: verifyToken }),
  'verifyEmail expired_token': async () => {
    const { email, api } = await account({ confirmed: false })
    const token = await waitForLink(email, 'verify-email')
    await withDatabase((db) =>
      db.query(
        `UPDATE email_verification_tokens SET expires_at = now() - interval '1 minute'
         WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      ),
    )
    return api.call('POST', endpoints.verifyEmail.path, { token })
  },

  // Signing in and out, and who is signed in.
  'login ok': async () => {
    const { email } = await account()
    return (await visitor()).call('POST', endpoints.login.path, { email, password })
  },
  'login invalid_credentials': async () => {
    const { email } = await account()
    return (await visitor()).call('POST', endpoints.login.path, {
      email,
      password: 'not the password at all',
    })
  },
  'login email_unverified': async () => {
    const { email, api } = await account({ confirmed: false })
    return api.call('POST', endpoints.login.path, { email, password })
  },
  'login rate_limited': async () => {
    // Failed attempts count per account: guess until the limit answers.
    const { email } = await account()
    const api = await visitor()
    let answer = await api.call('POST', endpoints.login.path, { email, password: 'a wrong guess' })
    for (let attempt = 0; attempt < 20 && answer.status === 401; attempt += 1)
      answer = await api.call('POST', endpoints.login.path, { email, password: 'a wrong guess' })
    return answer
  },
  'resendVerification ok': async () =>
    (await visitor()).call('POST', endpoints.resendVerification.path, {
      email: freshEmail('verify-again'),
    }),
  'resendVerification rate_limited': async () => {
    const api = await visitor()
    const email = freshEmail('verify-twice')
    await api.call('POST', endpoints.resendVerification.path, { email })
    return api.call('POST', endpoints.resendVerification.path, { email })
  },
  'me ok': async () => (await account()).api.call('GET', endpoints.me.path),
  'me unauthenticated': async () => (await visitor()).call('GET', endpoints.me.path),
  'logout ok': async () => (await account()).api.call('POST', endpoints.logout.path, {}),
  'logout unauthenticated': async () =>
    (await endedSession()).call('POST', endpoints.logout.path, {}),

  // The profile page.
  'updateProfile ok': async () =>
    (await account()).api.call('PATCH', endpoints.updateProfile.path, {
      city: 'Oaxaca de Juárez',
      state: 'OAX',
    }),
  'updateProfile invalid_fields': async () =>
    (await account()).api.call('PATCH', endpoints.updateProfile.path, { postalCode: '06600!' }),
  'changePassword ok': async () =>
    (await account()).api.call('POST', endpoints.changePassword.path, {
      currentPassword: password,
      newPassword: 'a brand new passphrase',
    }),
  'changePassword wrong_password': async () =>
    (await account()).api.call('POST', endpoints.changePassword.path, {
      currentPassword: 'not the password at all',
      newPassword: 'a brand new passphrase',
    }),
  'deleteAccount ok': async () =>
    (await account()).api.call('DELETE', endpoints.deleteAccount.path, { password }),
  'deleteAccount wrong_password': async () =>
    (await account()).api.call('DELETE', endpoints.deleteAccount.path, {
      password: 'not the password at all',
    }),
  'sessions ok': async () => {
    const client = await account()
    await signIn(client.email, client.address)
    return client.api.call('GET', endpoints.sessions.path)
  },
  'sessions unauthenticated': async () =>
    (await endedSession()).call('GET', endpoints.sessions.path),
  'endSession ok': async () => {
    const client = await account()
    await signIn(client.email, client.address)
    const listed = await client.api.call('GET', endpoints.sessions.path)
    const other = (listed.body as { sessions: { id: string; current: boolean }[] }).sessions.find(
      (session) => !session.current,
    )
    if (!other) throw new Error(`No other session listed: ${listed.text}`)
    return client.api.call('DELETE', withId(endpoints.endSession.path, other.id))
  },
  'revokeOtherSessions ok': async () => {
    const client = await account()
    await signIn(client.email, client.address)
    return client.api.call('POST', endpoints.revokeOtherSessions.path, {})
  },

  // The contact form.
  'contact ok': async () => (await visitor()).call('POST', endpoints.contact.path, enquiry()),
  'contact invalid_fields': async () =>
    (await visitor()).call('POST', endpoints.contact.path, enquiry({ email: 'lucia@@example' })),
  'contact rate_limited': async () => {
    // The same address writing again and again within the hour.
    const api = await visitor()
    const email = freshEmail('contact-often')
    let answer = await api.call('POST', endpoints.contact.path, enquiry({ email }))
    for (let attempt = 0; attempt < 12 && answer.status === 201; attempt += 1)
      answer = await api.call('POST', endpoints.contact.path, enquiry({ email }))
    return answer
  },

  // A client's brief, and the agency's inbox.
  'createServiceRequest ok': async () =>
    (await account()).api.call(
      'POST',
      endpoints.createServiceRequest.path,
      serviceRequestPayload('web-design', briefValues),
    ),
  'createServiceRequest invalid_fields': async () =>
    (await account()).api.call(
      'POST',
      endpoints.createServiceRequest.path,
      serviceRequestPayload('web-design', { ...briefValues, need: 'A site.' }),
    ),
  'myServiceRequests ok': async () => {
    const client = await account()
    await expectStatus(
      'a new request',
      await client.api.call(
        'POST',
        endpoints.createServiceRequest.path,
        serviceRequestPayload('web-design', briefValues),
      ),
      201,
    )
    return client.api.call('GET', endpoints.myServiceRequests.path)
  },
  'withdrawServiceRequest ok': async () => {
    const client = await account()
    const created = await client.api.call(
      'POST',
      endpoints.createServiceRequest.path,
      serviceRequestPayload('web-design', briefValues),
    )
    const { id } = (created.body as { request: { id: string } }).request
    return client.api.call('POST', withId(endpoints.withdrawServiceRequest.path, id), {
      note: 'We found a local studio.',
    })
  },
  'adminEnquiry ok': async () => {
    const email = freshEmail('enquiry')
    await expectStatus(
      'an enquiry',
      await (await visitor()).call('POST', endpoints.contact.path, enquiry({ email })),
      201,
    )
    const [row] = await withDatabase(
      async (db) =>
        (await db.query('SELECT id FROM contact_enquiries WHERE email = $1', [email])).rows as {
          id: string
        }[],
    )
    if (!row) throw new Error(`No enquiry stored for ${email}`)
    return (await agency()).call('GET', withId(endpoints.adminEnquiry.path, row.id))
  },
  'adminServiceRequest ok': async () => {
    const id = await sentRequestId()
    return (await agency()).call('GET', withId(endpoints.adminServiceRequest.path, id))
  },
  'changeRequestStatus ok': async () => {
    const id = await sentRequestId()
    return (await agency()).call('POST', withId(endpoints.changeRequestStatus.path, id), {
      to: 'inReview',
      note: statusNote,
    })
  },
  'changeRequestStatus invalid_transition': async () => {
    // Another admin moved it meanwhile; this admin's change no longer applies.
    const id = await sentRequestId()
    const path = withId(endpoints.changeRequestStatus.path, id)
    const inbox = await agency()
    await expectStatus(
      'the other admin’s change',
      await inbox.call('POST', path, { to: 'inReview', note: '' }),
      200,
    )
    await expectStatus(
      'the other admin’s second change',
      await inbox.call('POST', path, { to: 'proposalSent', note: 'Our proposal is attached.' }),
      200,
    )
    return inbox.call('POST', path, { to: 'inReview', note: statusNote })
  },
}
