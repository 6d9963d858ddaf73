import { randomBytes, randomInt } from 'node:crypto'
import { inject } from 'vitest'
import { endpoints } from '../../domain/api/api-contract'
import { contactPayload } from '../../domain/leads/contact-form'
import { serviceRequestPayload } from '../../domain/requests/service-request-form'
import { threadLimits } from '../../domain/requests/thread-limits'
import {
  assertPasskey,
  createPasskey,
  type SoftwarePasskey,
} from '../../server/test/software-authenticator'
import { totpCode } from '../../server/test/totp-code'
import { contactValues } from '../doubles/contact-answers'
import { contentSituationData } from '../doubles/content-editor-answers'
import { resetToken } from '../doubles/password-reset-answers'
import { pathRegistration } from '../doubles/registration-flow-answers'
import { briefValues } from '../doubles/request-brief-answers'
import { statusNote } from '../doubles/status-change-answers'
import { verifyToken } from '../doubles/verify-email-answers'
import { type ApiAnswer, type ApiSession, newApiSession } from './api-session'
import { waitForLink } from './mail-box'
import { addPasskey } from './passkeys'
import {
  expireVerificationLinks,
  fillFileQuota,
  grantAdmin,
  withDatabase,
} from './running-database'

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

/**
 * `attempt` again while its answer has `status` (refused, or let through), `times` more at the
 * most: the first answer that differs, the limit's when the limit is reached.
 */
async function repeatWhile(
  status: number,
  times: number,
  attempt: () => Promise<ApiAnswer>,
): Promise<ApiAnswer> {
  let answer = await attempt()
  for (let tries = 0; tries < times && answer.status === status; tries += 1)
    answer = await attempt()
  return answer
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
/**
 * One admin for the file (granted with `npm run admin:grant`, as an operator would), whose
 * session adds a passkey and proves it: the admin API needs a session that proved a factor.
 */
function agency(): Promise<ApiSession> {
  admin ??= newAgency()
  return admin
}

/** An admin of its own (its own address): for a situation that spends the address's limits. */
async function newAgency(): Promise<ApiSession> {
  const { email, address } = await account()
  grantAdmin(email)
  const api = await signIn(email, address)
  await addPasskey(api)
  return api
}

/** Turns the authenticator app on for the signed-in `api`: its secret and recovery codes. */
async function withApp(api: ApiSession): Promise<{ secret: string; codes: string[] }> {
  const started = await api.call('POST', endpoints.enrolTotp.path, {})
  await expectStatus('the app’s secret', started, 200)
  const { secret } = started.body as { secret: string }
  const confirmed = await api.call('POST', endpoints.confirmTotp.path, {
    code: totpCode(secret, new Date()),
  })
  await expectStatus('the app’s first code', confirmed, 200)
  return { secret, codes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes }
}

/** Starts setting up the app for the signed-in `api`: the secret it is to hold. */
async function startedAppSecret(api: ApiSession): Promise<string> {
  const started = await api.call('POST', endpoints.enrolTotp.path, {})
  await expectStatus('the app’s secret', started, 200)
  return (started.body as { secret: string }).secret
}

async function startedAppCode(api: ApiSession): Promise<string> {
  return totpCode(await startedAppSecret(api), new Date())
}

/** A code of `secret`'s form, but of no time step the server accepts now (one either side). */
function notNow(secret: string): string {
  const steps = [-30_000, 0, 30_000].map((shift) => totpCode(secret, new Date(Date.now() + shift)))
  return ['000000', '111111', '222222', '333333'].find((code) => !steps.includes(code)) ?? '444444'
}

/** An account with the app whose password a new visitor gave: signed in half-way. */
async function halfWay() {
  const client = await account()
  const { secret, codes } = await withApp(client.api)
  const api = await visitor(client.address)
  const passwordStep = await api.call('POST', endpoints.login.path, {
    email: client.email,
    password,
  })
  return { api, passwordStep, codes, wrongCode: notNow(secret) }
}

/** `passkey`'s answer to the challenge `api` asks for at `optionsPath`. */
async function assertionFor(api: ApiSession, passkey: SoftwarePasskey, optionsPath: string) {
  const options = await api.call('POST', optionsPath, {})
  await expectStatus(`the passkey options of ${optionsPath}`, options, 200)
  return assertPasskey(passkey, (options.body as { options: never }).options, {
    origin: new URL(inject('baseURL')).origin,
  })
}

/** `passkey`'s answer to the sign-in options `api` asks for. */
const passkeyAnswer = (api: ApiSession, passkey: SoftwarePasskey) =>
  assertionFor(api, passkey, endpoints.passkeySignInOptions.path)

/** `passkey`'s answer to the proof options the signed-in `api` asks for. */
const proofAnswer = (api: ApiSession, passkey: SoftwarePasskey) =>
  assertionFor(api, passkey, endpoints.reauthenticatePasskeyOptions.path)

/** A signed-in account whose sign-in is older than the proof window: it must prove it again. */
async function staleProof(): Promise<Account> {
  const client = await account()
  await withDatabase((db) =>
    db.query(
      `UPDATE sessions SET last_proof_at = now() - interval '1 hour'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [client.email],
    ),
  )
  return client
}

/**
 * Spends the signed-in calls' flood limit of `api`'s address (every signed-in change counts,
 * refused or not): its next signed-in change is answered 429 `rate_limited`, whatever it is.
 */
async function flood(api: ApiSession): Promise<void> {
  for (let calls = 0; calls < 400; calls += 1) {
    const answer = await api.call('POST', endpoints.reauthenticatePasskey.path, { response: {} })
    if (answer.status === 429) return
  }
  throw new Error('The flood limit never answered')
}

/** A signed-in account with one passkey, and the passkey's id. */
async function withPasskey(): Promise<{ api: ApiSession; id: string }> {
  const { api } = await account()
  await addPasskey(api)
  const factors = await api.call('GET', endpoints.factors.path)
  const [passkey] = (factors.body as { passkeys: { id: string }[] }).passkeys
  if (!passkey) throw new Error(`No passkey listed: ${factors.text}`)
  return { api, id: passkey.id }
}

/** A client's new request: the client, and the request's id. */
async function clientRequest(): Promise<{ api: ApiSession; id: string }> {
  const client = await account()
  const created = await client.api.call(
    'POST',
    endpoints.createServiceRequest.path,
    serviceRequestPayload('web-design', briefValues),
  )
  await expectStatus('a new request', created, 201)
  return { api: client.api, id: (created.body as { request: { id: string } }).request.id }
}

/** Sends `raw` as the file `name` of request `id`. */
function upload(api: ApiSession, id: string, name: string, raw: string) {
  return api.call('POST', `${endpoints.uploadFile.path}?request=${id}&name=${name}`, undefined, {
    raw,
    headers: { 'Content-Type': 'application/octet-stream' },
  })
}

const message = (body: string) => ({ body, files: [] })

/** A request whose thread is one message longer than a page, and its newest page as read. */
async function longThread(): Promise<{ api: ApiSession; id: string; newest: ApiAnswer }> {
  const { api, id } = await clientRequest()
  await withDatabase((db) =>
    db.query(
      `INSERT INTO thread_messages (request_id, author_id, side, body)
       SELECT id, user_id, 'client', 'Message ' || n
       FROM service_requests, generate_series(1, $2::int) AS n WHERE id = $1`,
      [id, threadLimits.pageSize + 1],
    ),
  )
  return { api, id, newest: await api.call('GET', withId(endpoints.myThreadMessages.path, id)) }
}

const proposalDraft = {
  title: 'Online shop for the bakery',
  items: [{ description: 'Design and build', quantity: 1, unitPrice: 1_250_000 }],
  scope: 'Design, build and launch.',
  terms: 'Half on acceptance, half on delivery.',
}

const proposalPath = (path: string, id: string, proposalId: string) =>
  path.replace(':id', id).replace(':proposalId', proposalId)

/** Half on acceptance, half on delivery: the plan the payments' doubles show. */
const fiftyFifty = {
  by: 'percent',
  instalments: [
    { percent: 50, due: { on: 'acceptance' } },
    { percent: 50, due: { on: 'status', status: 'delivered' } },
  ],
}

/**
 * A proposal with the 50/50 plan, sent and accepted: two instalments, the deposit due. The
 * client, the agency, the request and the instalments' ids in the plan's order.
 */
async function acceptedPlan() {
  const { api: client, id } = await clientRequest()
  const inbox = await agency()
  const created = await inbox.call('POST', withId(endpoints.createProposal.path, id), {
    ...proposalDraft,
    paymentSchedule: fiftyFifty,
  })
  await expectStatus('a draft proposal with a plan', created, 201)
  const proposalId = (created.body as { proposal: { id: string } }).proposal.id
  await expectStatus(
    'the proposal sent',
    await inbox.call('POST', proposalPath(endpoints.sendProposal.path, id, proposalId), {}),
    200,
  )
  await expectStatus(
    'the proposal accepted',
    await client.call('POST', proposalPath(endpoints.acceptProposal.path, id, proposalId), {
      fullName: 'Ana García',
      accept: true,
    }),
    200,
  )
  const payments = await inbox.call('GET', withId(endpoints.adminPayments.path, id))
  await expectStatus('the payments', payments, 200)
  const instalments = (payments.body as { payments: { instalments: { id: string }[] } }).payments
    .instalments
  return { client, inbox, id, instalments: instalments.map((instalment) => instalment.id) }
}

/** An admin whose session proved no second factor: the admin API answers 403 mfa_required. */
async function passwordOnlyAdmin(): Promise<ApiSession> {
  const { email, address } = await account()
  grantAdmin(email)
  return signIn(email, address)
}

/** Today in Mexico City (a payment is received today or earlier). */
const todayInMexico = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date())

const paymentOf = (paidOn: string) => ({
  amount: 735_000,
  paidOn,
  method: 'spei',
  note: 'Transfer 4471',
})

const voidPath = (id: string, instalmentId: string) =>
  withId(endpoints.voidInstalment.path, id).replace(':instalmentId', instalmentId)

/** A client's request with a draft proposal (sent when asked): the client, ids and the agency. */
async function proposalFor({ send }: { readonly send: boolean }) {
  const { api, id } = await clientRequest()
  const inbox = await agency()
  const created = await inbox.call('POST', withId(endpoints.createProposal.path, id), proposalDraft)
  await expectStatus('a draft proposal', created, 201)
  const proposalId = (created.body as { proposal: { id: string } }).proposal.id
  if (send)
    await expectStatus(
      'the proposal sent',
      await inbox.call('POST', proposalPath(endpoints.sendProposal.path, id, proposalId), {}),
      200,
    )
  return { client: api, inbox, id, proposalId }
}

/** A testimonial's draft the agency saved (version 1): the session, its path and the item. */
async function testimonialDraft(changes: object = {}) {
  const inbox = await agency()
  const created = await inbox.call('POST', endpoints.contentTestimonialsCreate.path, {
    data: { ...contentSituationData, ...changes },
  })
  await expectStatus('a testimonial’s draft', created, 201)
  const id = (created.body as { item: { id: string } }).item.id
  return { inbox, path: withId(endpoints.contentTestimonialsRead.path, id) }
}

/** The same, complete in both languages and published (version 2). */
async function publishedTestimonial() {
  const draft = await testimonialDraft({
    quote: {
      en: 'They launched our shop in six weeks.',
      es: 'Lanzaron nuestra tienda en seis semanas.',
    },
  })
  await expectStatus(
    'the testimonial published',
    await draft.inbox.call('POST', `${draft.path}/publish`, { version: 1 }),
    200,
  )
  return draft
}

/** Someone else's save first: the draft is at version 2, the admin's change names version 1. */
async function editedMeanwhile() {
  const draft = await testimonialDraft()
  await expectStatus(
    'the other admin’s save',
    await draft.inbox.call('PATCH', draft.path, {
      version: 1,
      data: { ...contentSituationData, person: 'Ana García' },
    }),
    200,
  )
  return draft
}

/** The item's first revision's id, read from its history. */
async function firstRevisionOf(draft: Awaited<ReturnType<typeof testimonialDraft>>) {
  const listed = await draft.inbox.call('GET', `${draft.path}/revisions`)
  await expectStatus('the revisions', listed, 200)
  const revisions = (listed.body as { revisions: { id: string; number: number }[] }).revisions
  const first = revisions.find((revision) => revision.number === 1)?.id
  return { ...draft, first }
}

/** A passkey of the software authenticator this site has never registered. */
async function unknownPasskey(): Promise<SoftwarePasskey> {
  const known = await addPasskey((await account()).api)
  return { ...known, credentialId: randomBytes(32) }
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

/**
 * The same for every row of `table` that belongs to the account `email` (its `user_id`): the
 * account's next write there is refused, as no code expects.
 */
async function withRefusedAccount<T>(table: string, email: string, work: () => Promise<T>) {
  const [user] = await withDatabase(
    async (db) =>
      (await db.query('SELECT id FROM users WHERE email = $1', [email])).rows as { id: string }[],
  )
  if (!user) throw new Error(`No account ${email}`)
  await withDatabase((db) =>
    db.query(
      `ALTER TABLE ${table} ADD CONSTRAINT e2e_doubles_refused_account CHECK (user_id <> '${user.id}') NOT VALID`,
    ),
  )
  try {
    return await work()
  } finally {
    await withDatabase((db) =>
      db.query(`ALTER TABLE ${table} DROP CONSTRAINT e2e_doubles_refused_account`),
    )
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
  'verifyEmail already_verified': async () => {
    const { email, api } = await account({ confirmed: false })
    const token = await waitForLink(email, 'verify-email')
    await api.call('POST', endpoints.verifyEmail.path, { token })
    return api.call('POST', endpoints.verifyEmail.path, { token })
  },
  'verifyEmail expired_token': async () => {
    const { email, api } = await account({ confirmed: false })
    const token = await waitForLink(email, 'verify-email')
    await expireVerificationLinks(email)
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
    return repeatWhile(401, 20, () =>
      api.call('POST', endpoints.login.path, { email, password: 'a wrong guess' }),
    )
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
  'login second_factor_required': async () => (await halfWay()).passwordStep,
  'loginSecondFactor ok': async () => {
    const { api, passwordStep, codes } = await halfWay()
    await expectStatus('the password step', passwordStep, 401)
    return api.call('POST', endpoints.loginSecondFactor.path, { code: codes[0] })
  },
  'loginSecondFactor invalid_code': async () => {
    const { api, wrongCode } = await halfWay()
    return api.call('POST', endpoints.loginSecondFactor.path, { code: wrongCode })
  },
  'loginSecondFactor rate_limited': async () => {
    // Wrong codes count per half-way sign-in: guess until the limit answers.
    const { api, wrongCode } = await halfWay()
    return repeatWhile(400, 20, () =>
      api.call('POST', endpoints.loginSecondFactor.path, { code: wrongCode }),
    )
  },
  'loginSecondFactor sign_in_expired': async () =>
    // No half-way sign-in (it expired, or never began): the code has nothing to finish.
    (await visitor()).call('POST', endpoints.loginSecondFactor.path, { code: '123456' }),
  'passkeySignInOptions ok': async () =>
    (await visitor()).call('POST', endpoints.passkeySignInOptions.path, {}),
  'passkeySignIn ok': async () => {
    const passkey = await addPasskey((await account()).api)
    const api = await visitor()
    return api.call('POST', endpoints.passkeySignIn.path, {
      response: await passkeyAnswer(api, passkey),
    })
  },
  'passkeySignIn passkey_rejected': async () => {
    const passkey = await unknownPasskey()
    const api = await visitor()
    return api.call('POST', endpoints.passkeySignIn.path, {
      response: await passkeyAnswer(api, passkey),
    })
  },
  'passkeySignIn rate_limited': async () => {
    // Failed assertions count per address: an unknown passkey tries until the limit answers.
    const passkey = await unknownPasskey()
    const api = await visitor()
    return repeatWhile(400, 40, async () =>
      api.call('POST', endpoints.passkeySignIn.path, {
        response: await passkeyAnswer(api, passkey),
      }),
    )
  },
  // Fresh proof (the step-up dialog) and the factors it offers.
  'exportAccount reauthentication_required': async () =>
    (await staleProof()).api.call('GET', endpoints.exportAccount.path),
  'factors ok': async () => {
    const { api } = await account()
    await addPasskey(api)
    await withApp(api)
    return api.call('GET', endpoints.factors.path)
  },
  'reauthenticate ok': async () =>
    (await staleProof()).api.call('POST', endpoints.reauthenticate.path, { password }),
  'reauthenticate wrong_password': async () =>
    (await staleProof()).api.call('POST', endpoints.reauthenticate.path, {
      password: 'not the password at all',
    }),
  'reauthenticate invalid_code': async () => {
    const { api } = await account()
    const { secret } = await withApp(api)
    return api.call('POST', endpoints.reauthenticate.path, { code: notNow(secret) })
  },
  'reauthenticate rate_limited': async () => {
    // Wrong passwords count against the account: guess until the limit answers.
    const { api } = await staleProof()
    return repeatWhile(400, 20, () =>
      api.call('POST', endpoints.reauthenticate.path, { password: 'not the password at all' }),
    )
  },
  'reauthenticatePasskeyOptions ok': async () => {
    const { api } = await account()
    await addPasskey(api)
    return api.call('POST', endpoints.reauthenticatePasskeyOptions.path, {})
  },
  'reauthenticatePasskey ok': async () => {
    const { api } = await account()
    const passkey = await addPasskey(api)
    return api.call('POST', endpoints.reauthenticatePasskey.path, {
      response: await proofAnswer(api, passkey),
    })
  },
  'reauthenticatePasskey rate_limited': async () => {
    const { api } = await account()
    await flood(api)
    return api.call('POST', endpoints.reauthenticatePasskey.path, { response: {} })
  },
  'regenerateRecoveryCodes ok': async () => {
    const { api } = await account()
    await addPasskey(api)
    return api.call('POST', endpoints.regenerateRecoveryCodes.path, {})
  },
  'regenerateRecoveryCodes server_error': async () => {
    const { api, email } = await account()
    await addPasskey(api)
    return withRefusedAccount('recovery_codes', email, () =>
      api.call('POST', endpoints.regenerateRecoveryCodes.path, {}),
    )
  },
  'regenerateRecoveryCodes rate_limited': async () => {
    const { api } = await account()
    await addPasskey(api)
    await flood(api)
    return api.call('POST', endpoints.regenerateRecoveryCodes.path, {})
  },
  'enrolTotp ok': async () => (await account()).api.call('POST', endpoints.enrolTotp.path, {}),
  'enrolTotp rate_limited': async () => {
    const { api } = await account()
    await flood(api)
    return api.call('POST', endpoints.enrolTotp.path, {})
  },
  'confirmTotp ok': async () => {
    const { api } = await account()
    return api.call('POST', endpoints.confirmTotp.path, { code: await startedAppCode(api) })
  },
  'confirmTotp invalid_code': async () => {
    const { api } = await account()
    return api.call('POST', endpoints.confirmTotp.path, {
      code: notNow(await startedAppSecret(api)),
    })
  },
  'confirmTotp rate_limited': async () => {
    // Wrong codes count against the account: guess until the limit answers.
    const { api } = await account()
    const code = notNow(await startedAppSecret(api))
    return repeatWhile(400, 20, () => api.call('POST', endpoints.confirmTotp.path, { code }))
  },
  'passkeyRegistrationOptions factor_proof_required': async () => {
    // The app added with the password alone: managing factors now needs a proof by one.
    const { api } = await account()
    await withApp(api)
    return api.call('POST', endpoints.passkeyRegistrationOptions.path, {})
  },
  'passkeyRegistrationOptions ok': async () =>
    (await account()).api.call('POST', endpoints.passkeyRegistrationOptions.path, {}),
  'passkeyRegistrationOptions rate_limited': async () => {
    const { api } = await account()
    await flood(api)
    return api.call('POST', endpoints.passkeyRegistrationOptions.path, {})
  },
  'registerPasskey ok': async () => {
    const { api } = await account()
    const options = await api.call('POST', endpoints.passkeyRegistrationOptions.path, {})
    await expectStatus('the passkey options', options, 200)
    const { response } = createPasskey((options.body as { options: never }).options, {
      origin: new URL(inject('baseURL')).origin,
    })
    return api.call('POST', endpoints.registerPasskey.path, { name: 'Laptop', response })
  },
  'registerPasskey passkey_rejected': async () => {
    // Made for another site: the browser reports an origin this server does not serve.
    const { api } = await account()
    const options = await api.call('POST', endpoints.passkeyRegistrationOptions.path, {})
    await expectStatus('the passkey options', options, 200)
    const { response } = createPasskey((options.body as { options: never }).options, {
      origin: 'https://elsewhere.example',
    })
    return api.call('POST', endpoints.registerPasskey.path, { name: 'Laptop', response })
  },
  'registerPasskey rate_limited': async () => {
    const { api } = await account()
    await flood(api)
    return api.call('POST', endpoints.registerPasskey.path, { name: 'Laptop', response: {} })
  },
  'renamePasskey ok': async () => {
    const { api, id } = await withPasskey()
    return api.call('PATCH', withId(endpoints.renamePasskey.path, id), { name: 'Work laptop' })
  },
  'removePasskey ok': async () => {
    const { api, id } = await withPasskey()
    return api.call('DELETE', withId(endpoints.removePasskey.path, id))
  },
  'removePasskey not_found': async () =>
    (await account()).api.call(
      'DELETE',
      withId(endpoints.removePasskey.path, '00000000-0000-4000-8000-000000000000'),
    ),
  'disableTotp ok': async () => {
    const { api } = await account()
    const { codes } = await withApp(api)
    // Turning a factor off needs a proof by one (here a recovery code), not the password.
    await expectStatus(
      'a proof with a recovery code',
      await api.call('POST', endpoints.reauthenticate.path, { code: codes[0] }),
      200,
    )
    return api.call('DELETE', endpoints.disableTotp.path)
  },
  // A request's conversation and its files.
  'myThreadMessages ok': async () => {
    const { api, id } = await clientRequest()
    const path = withId(endpoints.sendMyThreadMessage.path, id)
    await expectStatus('a first message', await api.call('POST', path, message('Hello.')), 201)
    return api.call('GET', withId(endpoints.myThreadMessages.path, id))
  },
  'myThreadMessages newest of many': async () => (await longThread()).newest,
  'myThreadMessages older page': async () => {
    const { api, id, newest } = await longThread()
    const cursor = (newest.body as { olderCursor: string | null }).olderCursor
    if (cursor === null) throw new Error('A thread longer than a page has an older page')
    return api.call('GET', `${withId(endpoints.myThreadMessages.path, id)}?before=${cursor}`)
  },
  'sendMyThreadMessage ok': async () => {
    const { api, id } = await clientRequest()
    return api.call('POST', withId(endpoints.sendMyThreadMessage.path, id), message('Hello.'))
  },
  'sendMyThreadMessage invalid_fields': async () => {
    const { api, id } = await clientRequest()
    return api.call(
      'POST',
      withId(endpoints.sendMyThreadMessage.path, id),
      message('x'.repeat(10_001)),
    )
  },
  'sendMyThreadMessage rate_limited': async () => {
    // A few messages a minute is a person; more is a script.
    const { api, id } = await clientRequest()
    const path = withId(endpoints.sendMyThreadMessage.path, id)
    return repeatWhile(201, 30, () => api.call('POST', path, message('Again.')))
  },
  'uploadFile ok': async () => {
    const { api, id } = await clientRequest()
    return upload(api, id, 'notes.txt', 'Colours: blue and amber.\n')
  },
  'uploadFile unsupported_media_type': async () => {
    const { api, id } = await clientRequest()
    return upload(api, id, 'logo.png', '<svg xmlns="http://www.w3.org/2000/svg"/>')
  },
  'uploadFile quota_exceeded': async () => {
    const { api, id } = await clientRequest()
    await fillFileQuota(id)
    return upload(api, id, 'more.pdf', '%PDF-1.4\n%%EOF\n')
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
  'deleteAccount rate_limited': async () => {
    const { api } = await account()
    await flood(api)
    return api.call('DELETE', endpoints.deleteAccount.path, { password })
  },
  'changePassword rate_limited': async () => {
    const { api } = await account()
    await flood(api)
    return api.call('POST', endpoints.changePassword.path, {
      currentPassword: password,
      newPassword: 'a brand new passphrase',
    })
  },
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
  'contact server_error': () =>
    withRefusedName('contact_enquiries', 'Refused', async () =>
      (await visitor()).call('POST', endpoints.contact.path, enquiry({ name: 'Refused' })),
    ),
  'contact rate_limited': async () => {
    // The same address writing again and again within the hour.
    const api = await visitor()
    const email = freshEmail('contact-often')
    return repeatWhile(201, 12, () => api.call('POST', endpoints.contact.path, enquiry({ email })))
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
  'adminEnquiries ok': async () => {
    const email = freshEmail('enquiry')
    await expectStatus(
      'an enquiry',
      await (await visitor()).call('POST', endpoints.contact.path, enquiry({ email })),
      201,
    )
    return (await agency()).call(
      'GET',
      `${endpoints.adminEnquiries.path}?q=${encodeURIComponent(email)}`,
    )
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
      await inbox.call('POST', path, { to: 'inReview', note: 'We are reading your brief.' }),
      200,
    )
    return inbox.call('POST', path, { to: 'inReview', note: statusNote })
  },
  'changeRequestStatus rate_limited': async () => {
    const id = await sentRequestId()
    const inbox = await newAgency()
    await flood(inbox)
    return inbox.call('POST', withId(endpoints.changeRequestStatus.path, id), {
      to: 'inReview',
      note: statusNote,
    })
  },
  // Proposals: the agency's editor and the client's answer.
  'adminProposals ok': async () => {
    const { inbox, id } = await proposalFor({ send: true })
    return inbox.call('GET', withId(endpoints.adminProposals.path, id))
  },
  'createProposal ok': async () => {
    const { id } = await clientRequest()
    return (await agency()).call('POST', withId(endpoints.createProposal.path, id), proposalDraft)
  },
  'editProposal ok': async () => {
    const { inbox, id, proposalId } = await proposalFor({ send: false })
    return inbox.call('PATCH', proposalPath(endpoints.editProposal.path, id, proposalId), {
      ...proposalDraft,
      title: 'Online shop for the bakery, with delivery',
    })
  },
  'sendProposal ok': async () => {
    const { inbox, id, proposalId } = await proposalFor({ send: false })
    return inbox.call('POST', proposalPath(endpoints.sendProposal.path, id, proposalId), {})
  },
  'sendProposal invalid_transition': async () => {
    // Another admin sent it meanwhile: it is no longer a draft.
    const { inbox, id, proposalId } = await proposalFor({ send: true })
    return inbox.call('POST', proposalPath(endpoints.sendProposal.path, id, proposalId), {})
  },
  'withdrawProposal ok': async () => {
    const { inbox, id, proposalId } = await proposalFor({ send: true })
    return inbox.call('POST', proposalPath(endpoints.withdrawProposal.path, id, proposalId), {})
  },
  'myProposals ok': async () => {
    const { client, id } = await proposalFor({ send: true })
    return client.call('GET', withId(endpoints.myProposals.path, id))
  },
  'acceptProposal ok': async () => {
    const { client, id, proposalId } = await proposalFor({ send: true })
    return client.call('POST', proposalPath(endpoints.acceptProposal.path, id, proposalId), {
      fullName: 'Ana García',
      accept: true,
    })
  },
  'acceptProposal invalid_transition': async () => {
    // Accepted already (in another tab): the second acceptance is refused.
    const { client, id, proposalId } = await proposalFor({ send: true })
    const path = proposalPath(endpoints.acceptProposal.path, id, proposalId)
    const body = { fullName: 'Ana García', accept: true }
    await expectStatus('the first acceptance', await client.call('POST', path, body), 200)
    return client.call('POST', path, body)
  },
  'acceptProposal proposal_closed': async () => {
    // The agency withdrew it while the client was reading it.
    const { client, inbox, id, proposalId } = await proposalFor({ send: true })
    await expectStatus(
      'the withdrawal',
      await inbox.call('POST', proposalPath(endpoints.withdrawProposal.path, id, proposalId), {}),
      200,
    )
    return client.call('POST', proposalPath(endpoints.acceptProposal.path, id, proposalId), {
      fullName: 'Ana García',
      accept: true,
    })
  },
  'acceptProposal rate_limited': async () => {
    const { client, id, proposalId } = await proposalFor({ send: true })
    await flood(client)
    return client.call('POST', proposalPath(endpoints.acceptProposal.path, id, proposalId), {
      fullName: 'Ana García',
      accept: true,
    })
  },
  'declineProposal proposal_closed': async () => {
    // The agency withdrew it while the client wrote why.
    const { client, inbox, id, proposalId } = await proposalFor({ send: true })
    await expectStatus(
      'the withdrawal',
      await inbox.call('POST', proposalPath(endpoints.withdrawProposal.path, id, proposalId), {}),
      200,
    )
    return client.call('POST', proposalPath(endpoints.declineProposal.path, id, proposalId), {
      reason: 'Too expensive for us this year.',
    })
  },
  'declineProposal rate_limited': async () => {
    const { client, id, proposalId } = await proposalFor({ send: true })
    await flood(client)
    return client.call('POST', proposalPath(endpoints.declineProposal.path, id, proposalId), {
      reason: 'Too expensive for us this year.',
    })
  },
  'declineProposal ok': async () => {
    const { client, id, proposalId } = await proposalFor({ send: true })
    return client.call('POST', proposalPath(endpoints.declineProposal.path, id, proposalId), {
      reason: 'Too expensive for us this year.',
    })
  },
  // Payments: the client's section, the agency's record and void.
  'myPayments ok': async () => {
    const { client, id } = await acceptedPlan()
    return client.call('GET', withId(endpoints.myPayments.path, id))
  },
  'adminPayments ok': async () => {
    const { inbox, id } = await acceptedPlan()
    return inbox.call('GET', withId(endpoints.adminPayments.path, id))
  },
  'recordPayment ok': async () => {
    const { inbox, id } = await acceptedPlan()
    return inbox.call('POST', withId(endpoints.recordPayment.path, id), paymentOf(todayInMexico()))
  },
  'recordPayment invalid_transition': async () => {
    // No plan accepted: nothing is owed.
    const { inbox, id } = await proposalFor({ send: true })
    return inbox.call('POST', withId(endpoints.recordPayment.path, id), paymentOf(todayInMexico()))
  },
  'recordPayment invalid_fields': async () => {
    const { inbox, id } = await acceptedPlan()
    return inbox.call('POST', withId(endpoints.recordPayment.path, id), paymentOf('2999-01-01'))
  },
  'recordPayment mfa_required': async () => {
    const { id } = await acceptedPlan()
    return (await passwordOnlyAdmin()).call(
      'POST',
      withId(endpoints.recordPayment.path, id),
      paymentOf(todayInMexico()),
    )
  },
  'voidInstalment ok': async () => {
    const { inbox, id, instalments } = await acceptedPlan()
    return inbox.call('POST', voidPath(id, instalments[1] ?? ''), {
      reason: 'Waived: agreed with the client.',
    })
  },
  'voidInstalment invalid_transition': async () => {
    // The deposit was paid meanwhile: it can no longer be voided.
    const { inbox, id, instalments } = await acceptedPlan()
    await expectStatus(
      'the deposit paid',
      await inbox.call(
        'POST',
        withId(endpoints.recordPayment.path, id),
        paymentOf(todayInMexico()),
      ),
      201,
    )
    return inbox.call('POST', voidPath(id, instalments[0] ?? ''), {
      reason: 'Waived: agreed with the client.',
    })
  },
  'voidInstalment invalid_fields': async () => {
    const { inbox, id, instalments } = await acceptedPlan()
    return inbox.call('POST', voidPath(id, instalments[1] ?? ''), { reason: '' })
  },
  'voidInstalment mfa_required': async () => {
    const { id, instalments } = await acceptedPlan()
    return (await passwordOnlyAdmin()).call('POST', voidPath(id, instalments[1] ?? ''), {
      reason: 'Waived: agreed with the client.',
    })
  },
  // The site content's editor, on a testimonial.
  'contentTestimonialsRead ok': async () => {
    const { inbox, path } = await testimonialDraft()
    return inbox.call('GET', path)
  },
  'contentTestimonialsCreate ok': async () =>
    (await agency()).call('POST', endpoints.contentTestimonialsCreate.path, {
      data: contentSituationData,
    }),
  'contentTestimonialsEdit ok': async () => {
    const { inbox, path } = await testimonialDraft()
    return inbox.call('PATCH', path, {
      version: 1,
      data: { ...contentSituationData, person: 'Ana R.' },
    })
  },
  'contentTestimonialsEdit invalid_fields': async () => {
    const { inbox, path } = await testimonialDraft()
    return inbox.call('PATCH', path, {
      version: 1,
      data: { ...contentSituationData, consentDate: '2026-02-30' },
    })
  },
  'contentTestimonialsEdit conflict': async () => {
    const { inbox, path } = await editedMeanwhile()
    return inbox.call('PATCH', path, { version: 1, data: contentSituationData })
  },
  'contentTestimonialsPublish ok': async () => {
    const { inbox, path } = await testimonialDraft({
      quote: { en: 'Fast.', es: 'Rápidos.' },
    })
    return inbox.call('POST', `${path}/publish`, { version: 1 })
  },
  'contentTestimonialsPublish invalid_fields': async () => {
    // The Spanish quote is missing.
    const { inbox, path } = await testimonialDraft()
    return inbox.call('POST', `${path}/publish`, { version: 1 })
  },
  'contentTestimonialsPublish conflict': async () => {
    const { inbox, path } = await editedMeanwhile()
    return inbox.call('POST', `${path}/publish`, { version: 1 })
  },
  'contentTestimonialsUnpublish ok': async () => {
    const { inbox, path } = await publishedTestimonial()
    return inbox.call('POST', `${path}/unpublish`, { version: 2 })
  },
  'contentTestimonialsUnpublish conflict': async () => {
    const { inbox, path } = await publishedTestimonial()
    return inbox.call('POST', `${path}/unpublish`, { version: 1 })
  },
  'contentTestimonialsDelete ok': async () => {
    const { inbox, path } = await testimonialDraft()
    return inbox.call('DELETE', path, { version: 1 })
  },
  'contentTestimonialsDelete conflict': async () => {
    const { inbox, path } = await editedMeanwhile()
    return inbox.call('DELETE', path, { version: 1 })
  },
  // Its revision history: version 1, then someone else's save (version 2).
  'contentTestimonialsRevisions ok': async () => {
    const { inbox, path } = await editedMeanwhile()
    return inbox.call('GET', `${path}/revisions`)
  },
  'contentTestimonialsRestore ok': async () => {
    const { inbox, path, first } = await firstRevisionOf(await editedMeanwhile())
    return inbox.call('POST', `${path}/revisions/${first}/restore`, { version: 2 })
  },
  'contentTestimonialsRestore conflict': async () => {
    const { inbox, path, first } = await firstRevisionOf(await editedMeanwhile())
    return inbox.call('POST', `${path}/revisions/${first}/restore`, { version: 1 })
  },
}
