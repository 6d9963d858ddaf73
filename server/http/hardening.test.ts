import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboxWorker, type OutboxWorker } from '../mail/outbox-worker'
import { createSmtpSender } from '../mail/smtp-transport'
import { mailKinds } from '../mail-kinds'
import { createHashSlots, type HashSlots } from '../security/hash-slots'
import { checkPassword } from '../security/password-policy'
import { ApiClient, type ApiServer, startApi } from '../test/api-harness'
import {
  resetTokenIn,
  type SmtpCatcher,
  startSmtpCatcher,
  verificationTokenIn,
} from '../test/smtp-catcher'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'

const publicUrl = 'https://agency.example'
let sequence = 0
function account(overrides: Record<string, string> = {}) {
  sequence += 1
  return {
    email: `hardened${sequence}.${Date.now()}@example.com`,
    password: 'violet harbour lantern',
    name: 'Marisol',
    lastName: 'Quintana',
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
    birthDate: '1985-01-31',
    ...overrides,
  }
}

describe('the password policy', () => {
  it('refuses common passwords and their obvious variants', async () => {
    for (const password of ['12345678', 'password', 'P@ssw0rd!', 'qwertyuiop', 'iloveyou2'])
      expect((await checkPassword(password))?.reason, password).toBe('common')
  })
  it('refuses passwords built from the account’s own email or names', async () => {
    const personal = ['marisol.quintana@example.com', 'Marisol', 'Quintana']
    for (const password of ['marisol.quintana', 'Quintana2024!', 'MARISOL1985', 'marisolquintana'])
      expect((await checkPassword(password, personal))?.reason, password).toBe('personal')
  })
  it('accepts passphrases and random passwords, even ones that mention a name among other words', async () => {
    const personal = ['marisol.quintana@example.com', 'Marisol', 'Quintana']
    for (const password of [
      'violet harbour lantern',
      'xK9#mP2$qL',
      'marisol rides purple elephants',
    ])
      expect(await checkPassword(password, personal), password).toBeUndefined()
  })
})

describe('hash slots', () => {
  it('runs up to the cap at once, queues up to the queue size, refuses beyond', async () => {
    const slots = createHashSlots({ concurrency: 2, queue: 1, retryAfterSeconds: 3 })
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const running = [slots.run(() => gate), slots.run(() => gate), slots.run(() => gate)]
    expect(slots.load).toEqual({ running: 2, waiting: 1 })
    await expect(slots.run(() => gate)).rejects.toMatchObject({ retryAfterSeconds: 3 })
    release()
    await Promise.all(running)
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })
})

describe.each(testBackends())('hardened auth endpoints on $name', (backend) => {
  let database: TestDatabase
  let api: ApiServer
  let smtp: SmtpCatcher
  let worker: OutboxWorker
  let sender: ReturnType<typeof createSmtpSender>
  let hashes = 0
  const countingSlots: HashSlots = (() => {
    const inner = createHashSlots()
    return {
      run: (work) => {
        hashes += 1
        return inner.run(work)
      },
      get load() {
        return inner.load
      },
    }
  })()

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    smtp = await startSmtpCatcher()
    sender = createSmtpSender(smtp.url, '"Puente Digital" <no-reply@agency.example>')
    worker = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: sender.send,
      publicUrl,
    })
    api = await startApi(database, {
      mail: worker,
      hashSlots: countingSlots,
      rateRules: {
        // Only the daily rule is under test here; the per-minute one would hide it.
        resendPerEmail: { name: 'resend:email', limit: 1000, windowSeconds: 60 },
      },
    })
  })
  afterAll(async () => {
    await api?.close()
    await worker?.stop()
    sender?.close()
    await smtp?.close()
    await database?.drop()
  })

  async function registered() {
    const user = account()
    const client = new ApiClient(api.url)
    expect((await client.post('/api/v1/auth/register', user)).status).toBe(201)
    // Confirmed through its link: a reset is for confirmed accounts (an unconfirmed one is
    // removed instead, docs/decisions/033).
    await worker.deliverDue()
    const mail = await smtp.waitForMail(user.email, undefined, (m) =>
      Boolean(verificationTokenIn(m.text, publicUrl)),
    )
    const token = verificationTokenIn(mail.text, publicUrl)
    expect((await new ApiClient(api.url).post('/api/v1/auth/verify-email', { token })).status).toBe(
      200,
    )
    return { user, client }
  }
  async function recoveryToken(email: string, client: ApiClient): Promise<string> {
    const before = smtp.mails.length
    expect((await client.post('/api/v1/auth/resend-recovery-email', { email })).status).toBe(200)
    await worker.deliverDue()
    // The account's verification mail may go out in the same round: this is the recovery one.
    const mail = smtp.mails
      .slice(before)
      .find((m) => m.to.includes(email.toLowerCase()) && resetTokenIn(m.text, publicUrl))
    const token = mail && resetTokenIn(mail.text, publicUrl)
    if (!token) throw new Error('no recovery mail')
    return token
  }

  it('echoes a request id on every answer, and keeps a well-formed one a proxy assigned', async () => {
    const fresh = await fetch(`${api.url}/healthz`)
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await fetch(`${api.url}/healthz`, { headers: { 'x-request-id': 'edge-1234abcd' } })
    expect(kept.headers.get('x-request-id')).toBe('edge-1234abcd')
    const replaced = await fetch(`${api.url}/healthz`, { headers: { 'x-request-id': 'a b<c>' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('register refuses a common password and one built from the name, in the request’s language', async () => {
    const common = await new ApiClient(api.url).post(
      '/api/v1/auth/register',
      account({ password: 'password' }),
    )
    expect(common.status).toBe(400)
    expect(common.body).toMatchObject({ code: 'invalid_fields' })
    expect(Object.keys(common.body.fields as object)).toEqual(['password'])
    const personal = await new ApiClient(api.url, undefined, 'es').post(
      '/api/v1/auth/register',
      account({ password: 'Quintana1985' }),
    )
    expect(personal.status).toBe(400)
    expect(personal.body.fields).toEqual({
      password: 'No formes la contraseña con tu nombre o tu correo electrónico.',
    })
    expect(
      Number(
        (await database.pool.query("SELECT count(*) FROM users WHERE name = 'Marisol'")).rows[0]
          .count,
      ),
    ).toBe(0)
  })

  it('reset checks the token before hashing: an unknown token costs no argon2 hash', async () => {
    const before = hashes
    const answer = await new ApiClient(api.url).post('/api/v1/auth/reset-password', {
      token: 'B'.repeat(43),
      password: 'violet harbour lantern',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('invalid_token')
    expect(hashes).toBe(before)
  })

  it('reset refuses a common or personal password without spending the token, then mails a notice once it succeeds', async () => {
    const { user, client } = await registered()
    const token = await recoveryToken(user.email, client)
    const weak = await client.post('/api/v1/auth/reset-password', { token, password: 'qwertyuiop' })
    expect(weak.status).toBe(400)
    expect(Object.keys(weak.body.fields as object)).toEqual(['password'])
    const personal = await client.post('/api/v1/auth/reset-password', {
      token,
      password: 'Marisol.Quintana',
    })
    expect(personal.status).toBe(400)

    const ok = await client.post('/api/v1/auth/reset-password', {
      token,
      password: 'granite meadow saxophone',
    })
    expect(ok.status).toBe(200)
    await worker.deliverDue()
    const notice = await smtp.waitForMail(user.email.toLowerCase())
    const notices = smtp.mails.filter(
      (m) => m.to.includes(user.email.toLowerCase()) && m.subject.includes('was changed'),
    )
    expect(notices).toHaveLength(1)
    expect(notice).toBeDefined()
    expect(notices[0]?.text).toContain('was just changed')
    expect(notices[0]?.text).not.toMatch(/token=/)
  })

  it('a new recovery token retires the older ones', async () => {
    const { user, client } = await registered()
    const first = await recoveryToken(user.email, client)
    const second = await recoveryToken(user.email, client)
    expect(second).not.toBe(first)
    const old = await client.post('/api/v1/auth/reset-password', {
      token: first,
      password: 'granite meadow saxophone',
    })
    expect(old.status).toBe(400)
    expect(old.body.code).toBe('invalid_token')
    const current = await client.post('/api/v1/auth/reset-password', {
      token: second,
      password: 'granite meadow saxophone',
    })
    expect(current.status).toBe(200)
  })

  it('at most 5 recovery mails per address per day, known or unknown', async () => {
    const { user } = await registered()
    const unknown = `nobody.daily.${Date.now()}@example.com`
    for (const email of [user.email, unknown]) {
      const statuses: number[] = []
      for (let i = 0; i < 6; i += 1)
        statuses.push(
          (await new ApiClient(api.url).post('/api/v1/auth/resend-recovery-email', { email }))
            .status,
        )
      expect(statuses, email).toEqual([200, 200, 200, 200, 200, 429])
    }
  })

  it('per client address: resend and reset answer 429 with Retry-After past their limit', async () => {
    const limited = await startApi(database, {
      mail: worker,
      rateRules: {
        resendPerIp: { name: 'resend:ip', limit: 3, windowSeconds: 900 },
        resetPerIp: { name: 'reset:ip', limit: 3, windowSeconds: 900 },
      },
    })
    try {
      for (const [path, body] of [
        ['/api/v1/auth/resend-recovery-email', () => ({ email: `ip${sequence++}@example.com` })],
        [
          '/api/v1/auth/reset-password',
          () => ({ token: 'C'.repeat(43), password: 'violet harbour lantern' }),
        ],
      ] as const) {
        const client = new ApiClient(limited.url)
        const statuses: number[] = []
        for (let i = 0; i < 4; i += 1) statuses.push((await client.post(path, body())).status)
        expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true)
        const refused = await client.post(path, body())
        expect(refused.status, path).toBe(429)
        expect(refused.body.code).toBe('rate_limited')
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
        // Another client address still gets through.
        expect((await new ApiClient(limited.url).post(path, body())).status).not.toBe(429)
      }
    } finally {
      await limited.close()
    }
  })

  it('a full argon2 queue answers 503 with Retry-After instead of waiting', async () => {
    const tiny = createHashSlots({ concurrency: 1, queue: 0, retryAfterSeconds: 2 })
    const busy = await startApi(database, {
      hashSlots: tiny,
      rateRules: {
        registerPerIp: { name: 'register:ip', limit: 1000, windowSeconds: 900 },
      },
    })
    try {
      let hold: () => void = () => {}
      const blocker = tiny.run(() => new Promise<void>((resolve) => (hold = resolve)))
      const answer = await new ApiClient(busy.url).post('/api/v1/auth/register', account())
      hold()
      await blocker
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toBe('2')
      expect(answer.body).toMatchObject({ success: false, code: 'busy' })
      expect(typeof answer.body.message).toBe('string')
    } finally {
      await busy.close()
    }
  })
})
