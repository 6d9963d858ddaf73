import { readFileSync } from 'node:fs'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EndpointName,
  type ErrorCode,
  endpoints,
  gateFailures,
} from '../../domain/api/api-contract'
import { maxBodyBytes } from '../../server/security/json-body'
import { totpCode } from '../../server/test/totp-code'
import { registrationFor } from '../fixtures/registration'
import { type ApiAnswer, type ApiSession, newApiSession } from './api-session'
import { instanceSettings } from './instance-settings'
import { waitForLink } from './mail-box'
import { addPasskey } from './passkeys'
import {
  expireVerificationLinks,
  fillFileQuota,
  grantAdmin,
  withDatabase,
} from './running-database'

// Every error code the contract (domain/api/api-contract.ts) lists for the endpoints, each
// provoked at least once against the real e2e server by the real condition that causes it, over
// HTTP: the status, the code, and the failure body's shape `{ success: false, code, message,
// error }` (and `fields` where the input was refused). `server_error` comes from a failure the
// server really has: a statement the database refuses for a reason the code does not expect
// (a CHECK constraint the test adds to the table for one name only, and removes afterwards).

const password = 'lantern orbit mango 42'
const uuid = '00000000-0000-4000-8000-000000000000'

let stamp = 0
function freshEmail(what: string): string {
  stamp += 1
  return `e2e.errors.${what}.${Date.now()}.${stamp}@example.com`
}

/** A visitor with a cookie jar of its own (from this file's address unless told). */
const sessions: ApiSession[] = []
async function visitor(address?: string): Promise<ApiSession> {
  const session = await newApiSession(address ? { address } : {})
  sessions.push(session)
  return session
}
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()))
})

async function registered(email: string, { verify = true } = {}): Promise<void> {
  const api = await visitor()
  const answer = await api.call('POST', endpoints.register.path, {
    ...registrationFor(email),
    password,
  })
  expect(answer.status, answer.text).toBe(201)
  if (!verify) return
  const verified = await api.call('POST', endpoints.verifyEmail.path, {
    token: await waitForLink(email, 'verify-email'),
  })
  expect(verified.status, verified.text).toBe(200)
}

async function signedIn(email: string): Promise<ApiSession> {
  const api = await visitor()
  const answer = await api.call('POST', endpoints.login.path, { email, password })
  expect(answer.status, answer.text).toBe(200)
  return api
}

let client: ApiSession
let clientEmail: string
let admin: ApiSession
let adminEmail: string
beforeAll(async () => {
  clientEmail = freshEmail('client')
  adminEmail = freshEmail('admin')
  await registered(clientEmail)
  await registered(adminEmail)
  grantAdmin(adminEmail)
  client = await signedIn(clientEmail)
  admin = await signedIn(adminEmail)
  // The admin API needs a second factor: this session adds a passkey, which it thereby proves.
  await addPasskey(admin)
})

const asserted = new Map<ErrorCode, Set<EndpointName>>()

/** The answer is the contract's failure: this status and code, a message, `error` repeating it. */
function expectFailure(
  endpoint: EndpointName,
  answer: ApiAnswer,
  status: number,
  code: ErrorCode,
): void {
  expect(answer.status, answer.text).toBe(status)
  const body = answer.body as Record<string, unknown>
  expect(body).toMatchObject({ success: false, code })
  expect(typeof body.message).toBe('string')
  expect((body.message as string).length).toBeGreaterThan(0)
  expect(body.error).toBe(body.message)
  expect(Object.keys(body).sort()).toEqual(
    [
      'code',
      'error',
      'message',
      'success',
      ...('fields' in body ? ['fields'] : []),
      ...(code === 'second_factor_required' ? ['methods'] : []),
      ...(code === 'conflict' ? ['currentVersion'] : []),
    ].sort(),
  )
  expect(answer.text).not.toMatch(/\bat .*\.(ts|js):\d+/)
  const endpoints = asserted.get(code) ?? new Set<EndpointName>()
  endpoints.add(endpoint)
  asserted.set(code, endpoints)
}

const path = (endpoint: EndpointName, id = uuid) => endpoints[endpoint].path.replace(':id', id)

describe('the gate, on any state-changing endpoint', () => {
  it('invalid_json: a body that is not JSON', async () => {
    const api = await visitor()
    const answer = await api.call('POST', path('login'), undefined, {
      raw: '{"email": ',
      headers: { 'Content-Type': 'application/json' },
    })
    expectFailure('login', answer, 400, 'invalid_json')
  })

  it('too_large: a body over the limit', async () => {
    const answer = await client.call('PATCH', path('updateProfile'), {
      city: 'x'.repeat(maxBodyBytes + 1),
    })
    expectFailure('updateProfile', answer, 413, 'too_large')
  })

  it('unsupported_media_type: a body that is not declared JSON', async () => {
    const answer = await client.call('POST', path('createServiceRequest'), undefined, {
      raw: 'need=a+site',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expectFailure('createServiceRequest', answer, 415, 'unsupported_media_type')
  })

  it('xsrf_failed: a header that does not echo the cookie', async () => {
    const answer = await client.call(
      'POST',
      path('revokeOtherSessions'),
      {},
      {
        headers: { 'X-XSRF-TOKEN': 'forged' },
      },
    )
    expectFailure('revokeOtherSessions', answer, 403, 'xsrf_failed')
  })

  it('rate_limited: a second verification mail within the minute', async () => {
    const email = freshEmail('resend')
    await registered(email, { verify: false })
    const api = await visitor('10.255.255.1')
    const first = await api.call('POST', path('resendVerification'), { email })
    expect(first.status, first.text).toBe(200)
    const second = await api.call('POST', path('resendVerification'), { email })
    expectFailure('resendVerification', second, 429, 'rate_limited')
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('server_error: a statement the database refuses unexpectedly, answered without details', async () => {
    const name = 'Refused By Test Constraint'
    await withDatabase((db) =>
      db.query(
        `ALTER TABLE contact_enquiries ADD CONSTRAINT e2e_forced_failure CHECK (name <> '${name}') NOT VALID`,
      ),
    )
    try {
      const api = await visitor()
      const answer = await api.call('POST', path('contact'), {
        name,
        email: freshEmail('contact'),
        budget: '25k-75k',
        message: 'We sell coffee in Puebla and would like an online shop.',
        consent: true,
        elapsedMs: 10_000,
      })
      expectFailure('contact', answer, 500, 'server_error')
      expect(answer.text).not.toMatch(/e2e_forced_failure|constraint|contact_enquiries/i)
    } finally {
      await withDatabase((db) =>
        db.query('ALTER TABLE contact_enquiries DROP CONSTRAINT e2e_forced_failure'),
      )
    }
  })
})

describe('the endpoints’ own failures', () => {
  it('invalid_fields, with one message per field', async () => {
    const api = await visitor()
    const answer = await api.call('POST', path('register'), {
      ...registrationFor('not an address'),
      password,
    })
    expectFailure('register', answer, 400, 'invalid_fields')
    expect(Object.keys((answer.body as { fields: object }).fields)).toEqual(['email'])
  })

  it('already_registered', async () => {
    const api = await visitor()
    const answer = await api.call('POST', path('register'), {
      ...registrationFor(clientEmail),
      password,
    })
    expectFailure('register', answer, 409, 'already_registered')
  })

  it('invalid_token and expired_token', async () => {
    const api = await visitor()
    const invalid = await api.call('POST', path('verifyEmail'), { token: 'A'.repeat(43) })
    expectFailure('verifyEmail', invalid, 400, 'invalid_token')
    const reset = await api.call('POST', path('resetPassword'), {
      token: 'A'.repeat(43),
      password: 'a brand new passphrase',
    })
    expectFailure('resetPassword', reset, 400, 'invalid_token')

    const email = freshEmail('expired')
    await registered(email, { verify: false })
    const token = await waitForLink(email, 'verify-email')
    await expireVerificationLinks(email)
    const expired = await api.call('POST', path('verifyEmail'), { token })
    expectFailure('verifyEmail', expired, 400, 'expired_token')
  })

  it('already_verified: a confirmation link opened again', async () => {
    const email = freshEmail('confirmed')
    await registered(email, { verify: false })
    const api = await visitor()
    const token = await waitForLink(email, 'verify-email')
    const first = await api.call('POST', path('verifyEmail'), { token })
    expect(first.status, first.text).toBe(200)
    const again = await api.call('POST', path('verifyEmail'), { token })
    expectFailure('verifyEmail', again, 409, 'already_verified')
  })

  it('registration_unfinished: a reset link of a registration never confirmed', async () => {
    const email = freshEmail('unfinished')
    await registered(email, { verify: false })
    const api = await visitor()
    const asked = await api.call('POST', path('resendRecoveryEmail'), { email })
    expect(asked.status, asked.text).toBe(200)
    const answer = await api.call('POST', path('resetPassword'), {
      token: await waitForLink(email, 'reset-password'),
      password: 'a brand new passphrase',
    })
    expectFailure('resetPassword', answer, 409, 'registration_unfinished')
  })

  it('invalid_credentials and email_unverified', async () => {
    const api = await visitor()
    const wrong = await api.call('POST', path('login'), {
      email: clientEmail,
      password: 'not the password at all',
    })
    expectFailure('login', wrong, 401, 'invalid_credentials')
    const email = freshEmail('unverified')
    await registered(email, { verify: false })
    const unverified = await api.call('POST', path('login'), { email, password })
    expectFailure('login', unverified, 403, 'email_unverified')
  })

  it('unauthenticated, on every signed-in endpoint', async () => {
    const api = await visitor()
    const signedInOnly = (Object.keys(endpoints) as EndpointName[]).filter((name) =>
      (endpoints[name].failures as readonly ErrorCode[]).includes('unauthenticated'),
    )
    for (const name of signedInOnly) {
      const { method } = endpoints[name]
      const answer = await api.call(method, path(name), method === 'GET' ? undefined : {})
      expectFailure(name, answer, 401, 'unauthenticated')
    }
  })

  it('wrong_password, on the password change and the deletion', async () => {
    const change = await client.call('POST', path('changePassword'), {
      currentPassword: 'not the password at all',
      newPassword: 'a brand new passphrase',
    })
    expectFailure('changePassword', change, 400, 'wrong_password')
    const deletion = await client.call('DELETE', path('deleteAccount'), {
      password: 'not the password at all',
    })
    expectFailure('deleteAccount', deletion, 400, 'wrong_password')
  })

  it('forbidden: a client at every admin endpoint', async () => {
    const adminOnly = (Object.keys(endpoints) as EndpointName[]).filter((name) =>
      (endpoints[name].failures as readonly ErrorCode[]).includes('forbidden'),
    )
    for (const name of adminOnly) {
      const { method } = endpoints[name]
      const body = name === 'markEnquiryHandled' ? { handled: true } : {}
      const answer = await client.call(method, path(name), method === 'GET' ? undefined : body)
      expectFailure(name, answer, 403, 'forbidden')
    }
  })

  it('not_found: an id that names nothing of the caller’s', async () => {
    expectFailure('endSession', await client.call('DELETE', path('endSession')), 404, 'not_found')
    expectFailure(
      'withdrawServiceRequest',
      await client.call('POST', path('withdrawServiceRequest'), {}),
      404,
      'not_found',
    )
    for (const name of ['adminEnquiry', 'adminServiceRequest'] as const)
      expectFailure(name, await admin.call('GET', path(name)), 404, 'not_found')
    expectFailure(
      'markEnquiryHandled',
      await admin.call('POST', path('markEnquiryHandled'), { handled: true }),
      404,
      'not_found',
    )
    expectFailure(
      'changeRequestStatus',
      await admin.call('POST', path('changeRequestStatus'), { to: 'inReview', note: '' }),
      404,
      'not_found',
    )
  })

  it('not_found, also for an id that is not a UUID', async () => {
    for (const name of ['adminEnquiry', 'adminServiceRequest'] as const)
      expectFailure(name, await admin.call('GET', path(name, 'not-an-id')), 404, 'not_found')
    expectFailure(
      'endSession',
      await client.call('DELETE', path('endSession', 'not-an-id')),
      404,
      'not_found',
    )
  })

  it('invalid_transition: withdrawing twice; a change the lifecycle does not allow', async () => {
    const created = await client.call('POST', path('createServiceRequest'), {
      serviceId: 'web-design',
      need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
      desiredStart: 'within-1-month',
      budget: '25k-75k',
    })
    expect(created.status, created.text).toBe(201)
    const id = (created.body as { request: { id: string } }).request.id
    const skip = await admin.call('POST', path('changeRequestStatus', id), {
      to: 'delivered',
      note: '',
    })
    expectFailure('changeRequestStatus', skip, 409, 'invalid_transition')
    const first = await client.call('POST', path('withdrawServiceRequest', id), {})
    expect(first.status, first.text).toBe(200)
    const again = await client.call('POST', path('withdrawServiceRequest', id), {})
    expectFailure('withdrawServiceRequest', again, 409, 'invalid_transition')
  })

  it('proposal_closed: accepting a proposal a newer version superseded', async () => {
    const created = await client.call('POST', path('createServiceRequest'), {
      serviceId: 'web-design',
      need: 'A shop for our pottery in Puebla, with shipping across Mexico.',
      desiredStart: 'within-1-month',
      budget: '25k-75k',
    })
    expect(created.status, created.text).toBe(201)
    const id = (created.body as { request: { id: string } }).request.id
    const withIds = (name: EndpointName, proposalId: string) =>
      path(name, id).replace(':proposalId', proposalId)
    const draft = await admin.call('POST', path('createProposal', id), {
      title: 'Tienda en línea',
      items: [{ description: 'Diseño y desarrollo', quantity: 1, unitPrice: 4_500_000 }],
    })
    expect(draft.status, draft.text).toBe(201)
    const first = (draft.body as { proposal: { id: string } }).proposal.id
    expect((await admin.call('POST', withIds('sendProposal', first), {})).status).toBe(200)
    const revised = await admin.call('POST', withIds('reviseProposal', first), {})
    expect(revised.status, revised.text).toBe(201)
    const second = (revised.body as { proposal: { id: string } }).proposal.id
    expect((await admin.call('POST', withIds('sendProposal', second), {})).status).toBe(200)
    const old = await client.call('POST', withIds('acceptProposal', first), {
      fullName: 'Ana Pérez',
      accept: true,
    })
    expectFailure('acceptProposal', old, 410, 'proposal_closed')
  })

  it('conflict: a change to site content made from a version someone has since changed', async () => {
    const faq = {
      area: 'seo-marketing',
      question: { en: 'Do you write content?', es: '¿Escriben contenido?' },
      answer: { en: 'Yes, in both languages.', es: 'Sí, en ambos idiomas.' },
      order: 0,
    }
    const created = await admin.call('POST', path('contentFaqsCreate'), { data: faq })
    expect(created.status, created.text).toBe(201)
    const id = (created.body as { item: { id: string } }).item.id
    const first = await admin.call('PATCH', path('contentFaqsEdit', id), { version: 1, data: faq })
    expect(first.status, first.text).toBe(200)
    const stale = await admin.call('PATCH', path('contentFaqsEdit', id), { version: 1, data: faq })
    expectFailure('contentFaqsEdit', stale, 409, 'conflict')
    expect((stale.body as { currentVersion: number }).currentVersion).toBe(2)
  })

  it('second_factor_required, then sign_in_expired and invalid_code on the second step', async () => {
    const api = await visitor()
    const none = await api.call('POST', path('loginSecondFactor'), { code: '123456' })
    expectFailure('loginSecondFactor', none, 401, 'sign_in_expired')
    const first = await api.call('POST', path('login'), { email: adminEmail, password })
    expectFailure('login', first, 401, 'second_factor_required')
    expect((first.body as { methods: string[] }).methods).toEqual(['recoveryCode', 'passkey'])
    const wrong = await api.call('POST', path('loginSecondFactor'), { code: '000000' })
    expectFailure('loginSecondFactor', wrong, 400, 'invalid_code')
  })

  it('passkey_rejected: an answer to no challenge of this server', async () => {
    const api = await visitor()
    const forged = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: 'never-issued', origin: 'http://x' }),
    ).toString('base64url')
    const answer = await api.call('POST', path('passkeySignIn'), {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: forged, authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
      },
    })
    expectFailure('passkeySignIn', answer, 400, 'passkey_rejected')
  })

  it('mfa_required: an admin without a passkey or authenticator app', async () => {
    const email = freshEmail('bare-admin')
    await registered(email)
    grantAdmin(email)
    const bare = await signedIn(email)
    expectFailure(
      'adminEnquiries',
      await bare.call('GET', path('adminEnquiries')),
      403,
      'mfa_required',
    )
  })

  it('reauthentication_required: a sensitive action more than 10 minutes after the last proof', async () => {
    const email = freshEmail('stale')
    await registered(email)
    const stale = await signedIn(email)
    await withDatabase((db) =>
      db.query(
        `UPDATE sessions SET last_proof_at = now() - interval '11 minutes'
         WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      ),
    )
    const answer = await stale.call('GET', path('exportAccount'))
    expectFailure('exportAccount', answer, 403, 'reauthentication_required')
    const proven = await stale.call('POST', path('reauthenticate'), { password })
    expect(proven.status, proven.text).toBe(200)
    expect((await stale.call('GET', path('exportAccount'))).status).toBe(200)
  })

  it('enrolment_expired, invalid_code, factor_proof_required, totp_already_enabled and no_second_factor on the factors', async () => {
    const email = freshEmail('factors')
    await registered(email)
    const api = await signedIn(email)
    expectFailure(
      'regenerateRecoveryCodes',
      await api.call('POST', path('regenerateRecoveryCodes'), {}),
      409,
      'no_second_factor',
    )
    expectFailure(
      'confirmTotp',
      await api.call('POST', path('confirmTotp'), { code: '123456' }),
      409,
      'enrolment_expired',
    )
    const started = await api.call('POST', path('enrolTotp'), {})
    expect(started.status, started.text).toBe(200)
    const secret = (started.body as { secret: string }).secret
    expectFailure(
      'confirmTotp',
      await api.call('POST', path('confirmTotp'), { code: '000000' }),
      400,
      'invalid_code',
    )
    const confirmed = await api.call('POST', path('confirmTotp'), {
      code: totpCode(secret, new Date()),
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    // The account has a factor now, and this session proved only the password.
    expectFailure(
      'enrolTotp',
      await api.call('POST', path('enrolTotp'), {}),
      403,
      'factor_proof_required',
    )
    const proven = await api.call('POST', path('reauthenticate'), {
      code: totpCode(secret, new Date(Date.now() + 30_000)),
    })
    expect(proven.status, proven.text).toBe(200)
    expectFailure(
      'enrolTotp',
      await api.call('POST', path('enrolTotp'), {}),
      409,
      'totp_already_enabled',
    )
    expectFailure(
      'removePasskey',
      await api.call('DELETE', path('removePasskey')),
      404,
      'not_found',
    )
  })

  it('invalid_fields on an admin list’s query', async () => {
    const answer = await admin.call('GET', `${path('adminEnquiries')}?page=-3`)
    expectFailure('adminEnquiries', answer, 400, 'invalid_fields')
  })
})

describe('a request’s workspace', () => {
  async function request(): Promise<string> {
    const created = await client.call('POST', path('createServiceRequest'), {
      serviceId: 'branding',
      need: 'A logo for our cooperative, in two colours, for print and the web.',
      desiredStart: 'flexible',
      budget: 'not-sure',
    })
    expect(created.status, created.text).toBe(201)
    return (created.body as { request: { id: string } }).request.id
  }
  const upload = (id: string, name: string, raw: string) =>
    client.call('POST', `${path('uploadFile')}?request=${id}&name=${name}`, undefined, {
      raw,
      headers: { 'Content-Type': 'application/octet-stream' },
    })

  it('not_found: another id than one of the caller’s requests', async () => {
    const answer = await client.call('GET', path('myThreadMessages'))
    expectFailure('myThreadMessages', answer, 404, 'not_found')
  })

  it('unsupported_media_type: an upload whose content is none of the accepted types', async () => {
    const answer = await upload(
      await request(),
      'logo.png',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    )
    expectFailure('uploadFile', answer, 415, 'unsupported_media_type')
  })

  it('quota_exceeded: an upload that would take a request’s files past 100 MB', async () => {
    const id = await request()
    await fillFileQuota(id)
    const answer = await upload(id, 'more.pdf', '%PDF-1.4\n%%EOF\n')
    expectFailure('uploadFile', answer, 413, 'quota_exceeded')
  })

  it('range_not_satisfiable: a range past a file’s end', async () => {
    const id = await request()
    const uploaded = await upload(id, 'notes.txt', 'Colours: blue and amber.\n')
    expect(uploaded.status, uploaded.text).toBe(201)
    const fileId = (uploaded.body as { upload: { id: string } }).upload.id
    const sent = await client.call('POST', path('sendMyThreadMessage', id), {
      body: 'Our notes',
      files: [fileId],
    })
    expect(sent.status, sent.text).toBe(201)
    const answer = await client.call(
      'GET',
      path('myThreadFile', id).replace(':fileId', fileId),
      undefined,
      { headers: { Range: 'bytes=1000-' } },
    )
    expectFailure('myThreadFile', answer, 416, 'range_not_satisfiable')
  })
})

describe('Stripe’s webhook', () => {
  const webhook = (payload: string, signature: string) =>
    client.call('POST', endpoints.stripeWebhook.path, undefined, {
      raw: payload,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    })
  const event = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_e2e', object: 'checkout.session' } },
  })

  it('invalid_signature: an event not signed with the webhook’s secret', async () => {
    const answer = await webhook(event, 't=1,v1=0000')
    expectFailure('stripeWebhook', answer, 400, 'invalid_signature')
  })

  it('unavailable: a signed event whose object Stripe’s API does not answer for (it is down)', async () => {
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: instanceSettings.STRIPE_WEBHOOK_SECRET,
    })
    const answer = await webhook(event, signature)
    expectFailure('stripeWebhook', answer, 503, 'unavailable')
  })
})

describe('coverage', () => {
  it('every code the contract lists for an endpoint, and every gate failure, was asserted', () => {
    const listed = new Set<ErrorCode>(gateFailures)
    for (const endpoint of Object.values(endpoints))
      for (const code of endpoint.failures) listed.add(code)
    expect([...listed].filter((code) => !asserted.has(code))).toEqual([])
    // The file's own source names each code it provokes (a reviewer's index).
    const source = readFileSync(new URL(import.meta.url), 'utf8')
    for (const code of listed) expect(source).toContain(`'${code}'`)
  })
})
