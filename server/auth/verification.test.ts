import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { verificationTokenIn } from '../test/smtp-catcher'
import { testBackends } from '../test/test-database'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const day = 24 * 60 * 60 * 1000

describe.each(testBackends())('email verification on $name', (backend) => {
  const kit = useAccountKit(backend)

  const verify = (token: unknown) =>
    new ApiClient(kit.api.url).post('/api/v1/auth/verify-email', { token })
  const login = (email: string, password: string) =>
    new ApiClient(kit.api.url).post('/api/v1/auth/login', { email, password })

  it('registration mails a link to PUBLIC_URL/verify-email that works once; sign-in waits for it', async () => {
    const account = await kit.unverifiedAccount('en')
    const early = await login(account.email, account.password)
    expect(early.status).toBe(403)
    expect(early.body).toMatchObject({ success: false, code: 'email_unverified' })

    await kit.worker.deliverDue()
    const mail = await kit.smtp.waitForMail(account.email)
    expect(mail.subject).toBe('Confirm your email address for Puente Digital')
    expect(mail.text).toContain('within the next 24 hours')
    const token = verificationTokenIn(mail.text, kit.publicUrl) ?? ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail.html).toContain(`${kit.publicUrl}/verify-email?token=${token}`)
    expect(mail.raw).not.toContain(account.password)

    // Stored hashed, 24 hours; the outbox row never held it.
    const stored = await kit.database.pool.query(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours
       FROM email_verification_tokens`,
    )
    expect(stored.rows).toContainEqual({ token_hash: sha256(token), hours: 24 })
    const outbox = await kit.database.pool.query(
      'SELECT row_to_json(mail_outbox)::text AS whole FROM mail_outbox WHERE recipient = $1',
      [account.email],
    )
    expect(outbox.rows[0].whole).not.toContain(token)

    const first = await verify(token)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      success: true,
      message: 'Your email address is confirmed. You can sign in now.',
    })
    // Opened again from the mail: not "invalid", but done.
    const again = await verify(token)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ success: false, code: 'already_verified' })

    expect((await login(account.email, account.password)).status).toBe(200)
  })

  it('mails the link in the language of the registration', async () => {
    const account = await kit.unverifiedAccount('es')
    await kit.worker.deliverDue()
    const mail = await kit.smtp.waitForMail(account.email)
    expect(mail.subject).toBe('Confirma tu correo electrónico en Puente Digital')
    expect(mail.text).toContain('Hola, Marta:')
    expect(mail.text).toContain('en las próximas 24 horas')
    const answer = await new ApiClient(kit.api.url, undefined, 'es').post(
      '/api/v1/auth/verify-email',
      { token: verificationTokenIn(mail.text, kit.publicUrl) },
    )
    expect(answer.body.message).toBe(
      'Tu correo electrónico está confirmado. Ya puedes iniciar sesión.',
    )
  })

  it('a link is refused after 24 hours (expired_token), and works once even when used at once twice: then it says the address is already confirmed (already_verified)', async () => {
    const late = await kit.unverifiedAccount()
    const racing = await kit.unverifiedAccount()
    await kit.worker.deliverDue()
    const lateToken = verificationTokenIn(
      (await kit.smtp.waitForMail(late.email)).text,
      kit.publicUrl,
    )
    const racingToken = verificationTokenIn(
      (await kit.smtp.waitForMail(racing.email)).text,
      kit.publicUrl,
    )
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(racingToken)))
    // The others came second: the address is confirmed, which is what they say.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
    const again = await verify(racingToken)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      success: false,
      code: 'already_verified',
      message: 'This email address is already confirmed. You can sign in.',
    })
    const againInSpanish = await new ApiClient(kit.api.url, undefined, 'es').post(
      '/api/v1/auth/verify-email',
      { token: racingToken },
    )
    expect(againInSpanish.body).toMatchObject({
      code: 'already_verified',
      message: 'Este correo electrónico ya está confirmado. Ya puedes iniciar sesión.',
    })

    kit.advance(day - 60_000)
    kit.advance(2 * 60_000)
    const expired = await verify(lateToken)
    expect(expired.status).toBe(400)
    expect(expired.body).toMatchObject({
      success: false,
      code: 'expired_token',
      message: 'This confirmation link has expired. Ask for a new one.',
    })
    expect((await login(late.email, late.password)).status).toBe(403)
    kit.advance(-(day + 60_000))
  })

  it('resend-verification answers every address alike, mails only an unverified account, and retires its older link', async () => {
    const waiting = await kit.unverifiedAccount()
    const done = await kit.verifiedAccount()
    await kit.worker.deliverDue()
    const firstToken = verificationTokenIn(
      (await kit.smtp.waitForMail(waiting.email)).text,
      kit.publicUrl,
    )
    const before = kit.smtp.mails.length
    const answers = await Promise.all(
      [waiting.email, done.email, `nobody.${Date.now()}@example.com`].map((email) =>
        new ApiClient(kit.api.url).post('/api/v1/auth/resend-verification', { email }),
      ),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(answers[0]?.body)
    }
    await kit.worker.deliverDue()
    const newMails = kit.smtp.mails.slice(before)
    expect(newMails.map((mail) => mail.to)).toEqual([[waiting.email]])
    const secondToken = verificationTokenIn(newMails[0]?.text ?? '', kit.publicUrl)
    expect(secondToken).not.toBe(firstToken)
    expect((await verify(firstToken)).body).toMatchObject({ code: 'invalid_token' })
    expect((await verify(secondToken)).status).toBe(200)

    const again = await new ApiClient(kit.api.url).post('/api/v1/auth/resend-verification', {
      email: waiting.email,
    })
    expect(again.status).toBe(429)
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('refuses a malformed token with a message on the field', async () => {
    const answer = await verify('short')
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid_fields' })
    expect(Object.keys(answer.body.fields as object)).toEqual(['token'])
  })
})
