import { afterAll, describe, expect, it } from 'vitest'
import { type AnyStateMachine, createActor, type SnapshotFrom } from 'xstate'
import { passwordResetMachine } from '../../machines/password-reset-machine'
import { registrationMachine } from '../../machines/registration-machine'
import {
  type CallFailure,
  type EndpointName,
  endpoints,
  xsrfCookieName,
} from '../../src/domain/api/api-contract'
import { testXsrfToken } from '../doubles/fake-network'
import { passwordResetPathEvents, resetToken } from '../doubles/password-reset-answers'
import {
  pathRegistration,
  registrationPathEvents,
  serverEmailMessage,
} from '../doubles/registration-flow-answers'
import type { PathEvents } from '../paths/path-plan'
import { type ApiAnswer, type ApiSession, newApiSession } from './api-session'
import { waitForLink } from './mail-box'
import { withDatabase } from './running-database'

// The fake network's held answers (tests/doubles/: the tables the jsdom paths and the Chromium
// paths both answer from) against what the real server answers in the same situation: for each
// answer a table holds, the situation is made real and the server's status, code and body
// shape (its keys, and `fields`' keys) must be the table's. An answer with no situation here
// fails too, so a new held answer cannot drift from the server unseen. Answers the server never
// sends by design (`offContract`, a failed network) are left out: they are the tables' own
// claims about proxies and outages.

const sessions: ApiSession[] = []
async function visitor(): Promise<ApiSession> {
  const session = await newApiSession()
  sessions.push(session)
  return session
}
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()))
})

let count = 0
function freshEmail(what: string): string {
  count += 1
  return `e2e.doubles.${what}.${Date.now()}.${count}@example.com`
}

async function register(email: string, name = pathRegistration.name): Promise<ApiAnswer> {
  const api = await visitor()
  return api.call('POST', endpoints.register.path, { ...pathRegistration, email, name })
}

/** A confirmed account's address. */
async function confirmedAccount(): Promise<string> {
  const email = freshEmail('confirmed')
  expect((await register(email)).status).toBe(201)
  const api = await visitor()
  const token = await waitForLink(email, 'verify-email')
  expect((await api.call('POST', endpoints.verifyEmail.path, { token })).status).toBe(200)
  return email
}

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

/** How to make each held answer real, by the actor that makes the call and the answer's code. */
const situations: Record<string, () => Promise<ApiAnswer>> = {
  'registerUser ok': () => register(freshEmail('new')),
  'registerUser already_registered': async () => {
    const email = freshEmail('twice')
    await register(email)
    return register(email)
  },
  'registerUser invalid_fields': () => register('not an address'),
  'registerUser server_error': () =>
    withRefusedName('users', 'Refused', () => register(freshEmail('refused'), 'Refused')),
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
    const email = await confirmedAccount()
    const api = await visitor()
    await api.call('POST', endpoints.resendRecoveryEmail.path, { email })
    const token = await waitForLink(email, 'reset-password')
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
}

/** The endpoint each call actor makes. */
const actorEndpoints: Record<string, EndpointName> = {
  registerUser: 'register',
  resendRecoveryEmail: 'resendRecoveryEmail',
  resetPassword: 'resetPassword',
}

type HeldAnswer = {
  readonly situation: string
  readonly endpoint: EndpointName
  readonly status: number
  readonly body: unknown
}

/** The contract's bodies only: a success has `success: true` and a message. */
function onContract(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const { success, message } = body as { success?: unknown; message?: unknown }
  return typeof success === 'boolean' && typeof message === 'string'
}

/** The answers `events` holds for the machine in `state`. */
function heldAnswers<M extends AnyStateMachine>(
  machine: M,
  events: PathEvents<M>,
  state: string,
  input?: unknown,
): HeldAnswer[] {
  const initial = createActor(machine as AnyStateMachine, { input }).getSnapshot() as {
    readonly context: unknown
  }
  const snapshot = machine.resolveState({
    value: state,
    context: initial.context,
  }) as SnapshotFrom<M>
  const answers: HeldAnswer[] = []
  for (const event of events(snapshot) as readonly { type: string }[]) {
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)
    const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type)
    const actor = done?.[1] ?? failed?.[1]
    if (!actor) continue
    const endpoint = actorEndpoints[actor]
    if (!endpoint) throw new Error(`No endpoint is known for the actor ${actor}`)
    if (done) {
      const output = (event as unknown as { output: unknown }).output
      if (!onContract(output) || (output as { success: boolean }).success !== true) continue
      answers.push({
        situation: `${actor} ok`,
        endpoint,
        status: endpoints[endpoint].status,
        body: output,
      })
    } else {
      const response = (event as unknown as { error: CallFailure }).error.response
      if (!response || !onContract(response.data)) continue
      const code = (response.data as { code: string }).code
      answers.push({ situation: `${actor} ${code}`, endpoint, ...response, body: response.data })
    }
  }
  return answers
}

const held: HeldAnswer[] = [
  ...heldAnswers(registrationMachine, registrationPathEvents, 'submitting'),
  ...heldAnswers(registrationMachine, registrationPathEvents, 'resending'),
  ...heldAnswers(passwordResetMachine, passwordResetPathEvents, 'submitting', {
    token: resetToken,
  }),
]

/** What may be compared: the status, the keys, the code, and which fields were refused. */
function shape(status: number, body: unknown) {
  const record = body as Record<string, unknown>
  return {
    status,
    keys: Object.keys(record).sort(),
    success: record.success,
    code: record.code,
    fields: record.fields ? Object.keys(record.fields).sort() : undefined,
    messageIsText: typeof record.message === 'string' && record.message.length > 0,
  }
}

describe('the fake network’s held answers are what the real server answers', () => {
  it('the tables hold answers to compare', () => {
    expect(held.length).toBeGreaterThanOrEqual(8)
  })

  it.each(held.map((answer) => [answer.situation, answer] as const))(
    '%s',
    async (situation, answer) => {
      const make = situations[situation]
      if (!make) throw new Error(`No real situation for the held answer "${situation}"`)
      const real = await make()
      expect(shape(real.status, real.body), real.text).toEqual(shape(answer.status, answer.body))
    },
  )

  it('the XSRF token: 204, no body, the cookie set', async () => {
    const api = await visitor()
    const answer = await api.call('GET', endpoints.xsrfToken.path)
    expect(answer.status).toBe(204)
    expect(answer.text).toBe('')
    const cookies = (await api.http.storageState()).cookies.map((cookie) => cookie.name)
    expect(cookies).toContain(xsrfCookieName)
    // The double sets a fixed value where the server sets a signed one.
    expect(testXsrfToken).not.toBe('')
  })

  it('the per-field message the tables hold is the server’s, word for word', async () => {
    const real = await register('not an address')
    const heldRefusal = held.find((answer) => answer.situation === 'registerUser invalid_fields')
    const fieldsOf = (body: unknown) => (body as { fields?: Record<string, string> }).fields
    expect(fieldsOf(real.body)?.email).toBe(serverEmailMessage)
    expect(fieldsOf(heldRefusal?.body)?.email).toBe(serverEmailMessage)
  })
})
