import { describe, expect, it } from 'vitest'
import { useAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { resetTokenIn } from '../test/smtp-catcher'
import { testBackends } from '../test/test-database'

/** What a password change and a deletion leave behind: no link mailed before them works after. */
describe.each(testBackends())('after a change of credentials on $name', (backend) => {
  const kit = useAccountKit(backend)

  async function recoveryLink(email: string): Promise<string> {
    const before = kit.smtp.mails.length
    const asked = await new ApiClient(kit.api.url).post('/api/v1/auth/resend-recovery-email', {
      email,
    })
    expect(asked.status).toBe(200)
    await kit.worker.deliverDue()
    const mail = kit.smtp.mails
      .slice(before)
      .find((m) => m.to.includes(email) && resetTokenIn(m.text, kit.publicUrl))
    const token = resetTokenIn(mail?.text ?? '', kit.publicUrl)
    if (!token) throw new Error('No recovery link mailed')
    return token
  }

  const resetWith = (token: string) =>
    new ApiClient(kit.api.url).post('/api/v1/auth/reset-password', {
      token,
      password: 'someone else’s passphrase',
    })

  it('a password change retires every reset link and gives this session a new id and XSRF token', async () => {
    const account = await kit.verifiedAccount()
    const mailed = await recoveryLink(account.email)
    const client = await kit.signedIn(account, { remember: true })
    const oldSid = client.cookies.get('sid') ?? ''
    const oldXsrf = client.cookies.get('XSRF-TOKEN') ?? ''

    const changed = await client.post('/api/v1/me/password', {
      currentPassword: account.password,
      newPassword: 'copper lantern orchard',
    })
    expect(changed.status).toBe(200)
    account.password = 'copper lantern orchard'

    // The link mailed before the change no longer sets a password.
    const reset = await resetWith(mailed)
    expect(reset.status).toBe(400)
    expect(reset.body).toMatchObject({ code: 'invalid_token' })
    expect((await kit.signedIn(account)).cookies.get('sid')).toBeDefined()

    // This browser stays signed in under a new id, with a token signed for it, for what the
    // remembered session has left.
    const newSid = client.cookies.get('sid') ?? ''
    expect(newSid).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newSid).not.toBe(oldSid)
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(oldXsrf)
    const sidCookie = changed.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? ''
    expect(sidCookie).toMatch(/HttpOnly/)
    const maxAge = /Max-Age=(\d+)/.exec(sidCookie)?.[1]
    expect(Number(maxAge)).toBeGreaterThan(29 * 24 * 60 * 60)
    const hint = changed.headers.getSetCookie().find((c) => c.startsWith('signed-in=')) ?? ''
    expect(hint).toMatch(new RegExp(`^signed-in=1;.*Max-Age=${maxAge}`))
    expect((await client.get('/api/v1/me')).status).toBe(200)
    expect((await client.post('/api/v1/me/sessions/revoke-others', {})).status).toBe(200)
    // The old id is nobody's session, and the old token does not pass next to the new id.
    const copy = new ApiClient(kit.api.url)
    copy.cookies.set('sid', oldSid)
    expect((await copy.get('/api/v1/me')).status).toBe(401)
    const stale = new ApiClient(kit.api.url)
    stale.cookies.set('sid', newSid)
    stale.cookies.set('XSRF-TOKEN', oldXsrf)
    expect((await stale.post('/api/v1/me/sessions/revoke-others', {})).status).toBe(403)
    // Still one session, the same one (same public id) as before the change.
    const sessions = (await client.get('/api/v1/me/sessions')).body.sessions as unknown[]
    expect(sessions).toHaveLength(1)
  })

  it('a password change drops a recovery mail still waiting in the outbox (it would mail a fresh link)', async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account)
    // SMTP was away when the recovery was asked for: the mail waits, and holds no link yet.
    await kit.database.pool.query(
      `INSERT INTO mail_outbox (kind, recipient, locale, user_id, next_attempt_at)
       SELECT 'password_recovery', email, 'en', id, now() + interval '1 minute' FROM users
       WHERE email = $1`,
      [account.email],
    )
    const before = kit.smtp.mails.length
    const changed = await client.post('/api/v1/me/password', {
      currentPassword: account.password,
      newPassword: 'copper lantern orchard',
    })
    expect(changed.status).toBe(200)
    await kit.database.pool.query(
      "UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'",
    )
    await kit.worker.deliverDue()
    const sent = kit.smtp.mails.slice(before).filter((m) => m.to.includes(account.email))
    expect(sent.map((m) => m.subject)).toEqual(['Your Puente Digital password was changed'])
    expect(sent[0]?.text).toContain('Hello Marta,')
  })

  it('an account deletion leaves no reset link that works', async () => {
    const account = await kit.verifiedAccount()
    const mailed = await recoveryLink(account.email)
    const client = await kit.signedIn(account)
    const gone = await client.send('DELETE', '/api/v1/me', { password: account.password })
    expect(gone.status).toBe(200)
    const reset = await resetWith(mailed)
    expect(reset.status).toBe(400)
    expect(reset.body).toMatchObject({ code: 'invalid_token' })
    const { rows } = await kit.database.pool.query(
      'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
      [account.email],
    )
    expect(rows[0].n).toBe(0)
  })
})
