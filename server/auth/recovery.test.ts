import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createOutboxWorker } from '../mail/outbox-worker'
import { mailKinds } from '../mail-kinds'
import { verifyPassword } from '../security/passwords'
import { publicUrl, registrationOf, useAccountKit } from '../test/account-kit'
import { ApiClient, startApi } from '../test/api-harness'
import { resetTokenIn } from '../test/smtp-catcher'
import { testBackends } from '../test/test-database'

let sequence = 0
/** A fresh registration; the address in mixed case, as people type it. */
function account() {
  sequence += 1
  return registrationOf(`Recover${sequence}.${Date.now()}@Example.com`, 'first password 123')
}

describe.each(testBackends())('recovery email and password reset on $name', (backend) => {
  const kit = useAccountKit(backend)

  /** The recovery mail (the account's first mail is its verification link). */
  const resetMail = (email: string) =>
    kit.smtp.waitForMail(
      email,
      undefined,
      (mail) => resetTokenIn(mail.text, publicUrl) !== undefined,
    )

  /**
   * A confirmed account and the browser it registered in: a reset is for confirmed accounts
   * (an unconfirmed one is removed instead, docs/decisions/033).
   */
  async function registered(language: 'en' | 'es' = 'en') {
    const { email, password } = account()
    const user = await kit.verifiedAccount(language, { email, password })
    const client = new ApiClient(kit.api.url)
    client.cookies.set('app-language', language)
    return { user, client }
  }

  it('answers a known and an unknown address alike, mails only the known one, and limits both to once a minute', async () => {
    const { user, client } = await registered()
    const known = await client.post('/api/v1/auth/resend-recovery-email', {
      email: user.email.toLowerCase(),
    })
    const unknown = await new ApiClient(kit.api.url).post('/api/v1/auth/resend-recovery-email', {
      email: `nobody.${Date.now()}@example.com`,
    })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect(known.body).toEqual({
      success: true,
      message: 'Recovery email has been sent successfully.',
    })

    const knownAgain = await client.post('/api/v1/auth/resend-recovery-email', {
      email: user.email,
    })
    const unknownAgain = await new ApiClient(kit.api.url).post(
      '/api/v1/auth/resend-recovery-email',
      {
        email: `nobody.again.${Date.now()}@example.com`,
      },
    )
    expect(knownAgain.status).toBe(429)
    expect(Number(knownAgain.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(knownAgain.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(Object.keys(knownAgain.body).sort()).toEqual(['code', 'error', 'message', 'success'])
    // A new unknown address is a new subject: its first call passes, like a known one's did.
    expect(unknownAgain.status).toBe(200)

    // Every accepted request did the same work (one outbox row); only the account's is mailed.
    await kit.worker.deliverDue()
    const outbox = await kit.database.pool.query(
      "SELECT recipient, user_id, status FROM mail_outbox WHERE kind = 'password_recovery' ORDER BY id",
    )
    expect(outbox.rows.map((row) => [row.user_id !== null, row.status])).toEqual([
      [true, 'sent'],
      [false, 'dropped'],
      [false, 'dropped'],
    ])
    expect(outbox.rows[0].recipient).toBe(user.email)
    expect(kit.smtp.mails.filter((mail) => mail.to.some((to) => to.startsWith('nobody')))).toEqual(
      [],
    )
  })

  it('the same unknown address twice within a minute reaches 429, like a known one', async () => {
    const email = `ghost.${Date.now()}@example.com`
    const client = new ApiClient(kit.api.url)
    expect((await client.post('/api/v1/auth/resend-recovery-email', { email })).status).toBe(200)
    expect((await client.post('/api/v1/auth/resend-recovery-email', { email })).status).toBe(429)
  })

  it('without SMTP the request leaves no usable token: the waiting outbox row holds none and no token exists', async () => {
    const idle = createOutboxWorker({
      kinds: mailKinds,
      pool: kit.database.pool,
      send: undefined,
      publicUrl,
      log: () => {},
    })
    const noSmtpApi = await startApi(kit.database, { mail: idle })
    try {
      const user = account()
      const client = new ApiClient(noSmtpApi.url)
      expect((await client.post('/api/v1/auth/register', user)).status).toBe(201)
      const answer = await client.post('/api/v1/auth/resend-recovery-email', { email: user.email })
      expect(answer.status).toBe(200)
      await idle.deliverDue()
      const outbox = await kit.database.pool.query(
        "SELECT row_to_json(mail_outbox)::jsonb AS row FROM mail_outbox WHERE recipient = $1 AND kind = 'password_recovery'",
        [user.email],
      )
      expect(outbox.rows).toHaveLength(1)
      const row = outbox.rows[0].row as Record<string, unknown>
      expect(row.status).toBe('pending')
      expect(Object.keys(row)).not.toContain('link_token')
      // No value in the row looks like a 256-bit base64url token.
      expect(Object.values(row).filter((v) => /^[A-Za-z0-9_-]{43}$/.test(String(v)))).toEqual([])
      const tokens = await kit.database.pool.query(
        `SELECT count(*)::int AS n FROM password_reset_tokens
         JOIN users ON users.id = password_reset_tokens.user_id WHERE users.email = $1`,
        [user.email],
      )
      expect(tokens.rows[0].n).toBe(0)
    } finally {
      await idle.stop()
      await noSmtpApi.close()
    }
  })

  it('a reset link of a never-confirmed registration removes it instead of handing it over; the owner registers afresh', async () => {
    // A stranger registers the owner's address and fills the details in.
    const stranger = account()
    const owner = stranger.email
    expect((await new ApiClient(kit.api.url).post('/api/v1/auth/register', stranger)).status).toBe(
      201,
    )
    // The owner asks for a recovery mail, in Spanish, and opens its link.
    const ownersBrowser = new ApiClient(kit.api.url, undefined, 'es')
    await ownersBrowser.post('/api/v1/auth/resend-recovery-email', { email: owner })
    await kit.worker.deliverDue()
    const token = resetTokenIn((await resetMail(owner)).text, publicUrl)
    const reset = await ownersBrowser.post('/api/v1/auth/reset-password', {
      token,
      password: 'the owner’s own passphrase',
    })
    expect(reset.status).toBe(409)
    expect(reset.body).toMatchObject({
      success: false,
      code: 'registration_unfinished',
      error:
        'El registro de esta dirección nunca se confirmó, así que no tenía contraseña que restablecer. Eliminamos el registro sin terminar y todo lo que contenía: regístrate de nuevo para crear tu cuenta.',
    })
    // Nothing of the stranger's registration is left, and the owner is nobody's successor.
    const left = await kit.database.pool.query(
      'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
      [owner],
    )
    expect(left.rows[0].n).toBe(0)
    const signIn = await new ApiClient(kit.api.url).post('/api/v1/auth/login', {
      email: owner,
      password: 'the owner’s own passphrase',
    })
    expect(signIn.status).toBe(401)
    // The link is spent with the registration; the address is free to register.
    const again = await ownersBrowser.post('/api/v1/auth/reset-password', {
      token,
      password: 'the owner’s own passphrase',
    })
    expect(again.status).toBe(400)
    const fresh = {
      ...account(),
      email: owner,
      name: 'Owner',
      password: 'the owner’s own passphrase',
    }
    expect((await new ApiClient(kit.api.url).post('/api/v1/auth/register', fresh)).status).toBe(201)
  })

  it('delivers the mail over SMTP with a link to PUBLIC_URL that sets a new password once', async () => {
    const { user, client } = await registered()
    await client.post('/api/v1/auth/resend-recovery-email', { email: user.email })
    await kit.worker.deliverDue()
    const mail = await resetMail(user.email)
    expect(mail.subject).toBe('Reset your Puente Digital password')
    const token = resetTokenIn(mail.text, publicUrl)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail.html).toContain(`${publicUrl}/reset-password?token=${token}`)
    expect(mail.raw).not.toContain(user.password)

    // Stored hashed; the outbox row never held it.
    const stored = await kit.database.pool.query('SELECT token_hash FROM password_reset_tokens')
    expect(stored.rows.map((row) => row.token_hash)).toContain(
      createHash('sha256')
        .update(token ?? '')
        .digest('hex'),
    )
    expect(JSON.stringify(stored.rows)).not.toContain(token)
    const outbox = await kit.database.pool.query(
      "SELECT status, row_to_json(mail_outbox)::text AS whole FROM mail_outbox WHERE recipient = $1 AND kind = 'password_recovery'",
      [user.email],
    )
    expect(outbox.rows).toEqual([{ status: 'sent', whole: expect.any(String) }])
    expect(outbox.rows[0].whole).not.toContain(token)

    const reset = await new ApiClient(kit.api.url).post('/api/v1/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
    })
    expect(reset.status).toBe(200)
    expect(reset.body).toEqual({
      success: true,
      message: 'Your password has been changed. You can now sign in with it.',
    })
    const { rows } = await kit.database.pool.query(
      'SELECT password_hash FROM users WHERE email = $1',
      [user.email],
    )
    expect(await verifyPassword(rows[0].password_hash, 'a brand new passphrase')).toBe(true)
    expect(await verifyPassword(rows[0].password_hash, user.password)).toBe(false)

    const secondUse = await new ApiClient(kit.api.url).post('/api/v1/auth/reset-password', {
      token,
      password: 'another passphrase 2',
    })
    expect(secondUse.status).toBe(400)
    expect(secondUse.body).toMatchObject({ success: false, code: 'invalid_token' })
  })

  it('mails in the language of the request', async () => {
    const { user, client } = await registered('es')
    const answer = await client.post('/api/v1/auth/resend-recovery-email', { email: user.email })
    expect(answer.body.message).toBe('El correo de recuperación se envió correctamente.')
    await kit.worker.deliverDue()
    const mail = await resetMail(user.email)
    expect(mail.subject).toBe('Restablece tu contraseña de Puente Digital')
    expect(mail.text).toContain('Hola, Marta:')
    expect(resetTokenIn(mail.text, publicUrl)).toBeDefined()
  })

  it('refuses an expired token, a malformed one, and a weak new password', async () => {
    const { user, client } = await registered()
    await client.post('/api/v1/auth/resend-recovery-email', { email: user.email })
    await kit.worker.deliverDue()
    const token = resetTokenIn((await resetMail(user.email)).text, publicUrl)

    const weak = await client.post('/api/v1/auth/reset-password', { token, password: 'short' })
    expect(weak.status).toBe(400)
    expect(weak.body.fields).toEqual({ password: 'Use at least 8 characters.' })

    const malformed = await client.post('/api/v1/auth/reset-password', {
      token: 'abc',
      password: 'long enough password',
    })
    expect(malformed.status).toBe(400)
    expect(Object.keys(malformed.body.fields as object)).toEqual(['token'])

    await kit.database.pool.query(
      "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'",
    )
    const expired = await client.post('/api/v1/auth/reset-password', {
      token,
      password: 'long enough password',
    })
    expect(expired.status).toBe(400)
    expect(expired.body.code).toBe('invalid_token')
  })

  it('a token works once even when used twice at the same moment', async () => {
    const { user, client } = await registered()
    await client.post('/api/v1/auth/resend-recovery-email', { email: user.email })
    await kit.worker.deliverDue()
    const token = resetTokenIn((await resetMail(user.email)).text, publicUrl)
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        new ApiClient(kit.api.url).post('/api/v1/auth/reset-password', {
          token,
          password: `parallel password ${i}`,
        }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400])
  })
})
