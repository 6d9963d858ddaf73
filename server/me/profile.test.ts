import { describe, expect, it } from 'vitest'
import { verifyPassword } from '../security/passwords'
import { emailSubject } from '../security/rate-limit'
import { useAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { resetTokenIn } from '../test/smtp-catcher'
import { testBackends } from '../test/test-database'

type User = { id: string; email: string; profile: Record<string, string> }

describe.each(testBackends())('profile, password and account on $name', (backend) => {
  const kit = useAccountKit(backend)

  it('GET /me answers the user (no hash); PATCH changes only the fields sent, under the registration rules', async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account)
    const me = await client.get('/api/v1/me')
    expect(me.status).toBe(200)
    const user = me.body.user as User
    expect(user).toMatchObject({ email: account.email, locale: 'en' })
    expect(user.profile).toMatchObject({
      name: 'Marta',
      city: 'Puebla',
      exteriorNumber: '1',
      interiorNumber: '',
      state: 'PUE',
      country: 'MX',
    })
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|hash/i)

    const patched = await client.send('PATCH', '/api/v1/me', {
      name: '  Ana  ',
      interiorNumber: '12B',
    })
    expect(patched.status).toBe(200)
    expect((patched.body.user as User).profile).toMatchObject({
      name: 'Ana',
      interiorNumber: '12B',
      lastName: 'Ibáñez',
      city: 'Puebla',
    })
    const cleared = await client.send('PATCH', '/api/v1/me', { interiorNumber: '' })
    expect((cleared.body.user as User).profile.interiorNumber).toBe('')
    const stored = await kit.database.pool.query(
      'SELECT name, interior_number FROM users WHERE id = $1',
      [user.id],
    )
    expect(stored.rows).toEqual([{ name: 'Ana', interior_number: null }])
    const noExterior = await client.send('PATCH', '/api/v1/me', { exteriorNumber: '' })
    expect(noExterior.body.fields).toEqual({ exteriorNumber: 'This field is required.' })

    const bad = await client.send('PATCH', '/api/v1/me', {
      phone: 'call me',
      gender: 'Other',
      email: 'new@example.com',
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'invalid_fields' })
    const spanish = new ApiClient(kit.api.url, undefined, 'es')
    spanish.cookies.set('sid', client.cookies.get('sid') ?? '')
    spanish.cookies.set('XSRF-TOKEN', client.cookies.get('XSRF-TOKEN') ?? '')
    const tooLong = await spanish.send('PATCH', '/api/v1/me', { name: 'x'.repeat(500) })
    expect(tooLong.status).toBe(400)
    expect(Object.keys(tooLong.body.fields as object)).toEqual(['name'])
    expect(tooLong.body.message).toBe('Faltan campos o no son válidos.')
    expect(
      (await kit.database.pool.query('SELECT name FROM users WHERE id = $1', [user.id])).rows,
    ).toEqual([{ name: 'Ana' }])
  })

  it('PATCH judges the state against the country the change leaves (stored or sent)', async () => {
    const client = await kit.signedIn(await kit.verifiedAccount())
    const patch = (body: Record<string, unknown>) => client.send('PATCH', '/api/v1/me', body)
    // Stored: Puebla, Mexico. Abroad without taking the state back: refused.
    expect((await patch({ country: 'ES' })).body.fields).toEqual({
      state: 'Leave the state empty for an address outside Mexico.',
    })
    const moved = await patch({ country: 'ES', state: '' })
    expect(moved.status).toBe(200)
    expect((moved.body.user as User).profile).toMatchObject({ country: 'ES', state: '' })
    // Back to Mexico without a state: refused, however the change is split.
    expect((await patch({ country: 'MX' })).body.fields).toEqual({
      state: 'Select the state: an address in Mexico needs it.',
    })
    expect((await patch({ state: 'JAL' })).body.fields).toEqual({
      state: 'Leave the state empty for an address outside Mexico.',
    })
    const back = await patch({ country: 'MX', state: 'JAL' })
    expect((back.body.user as User).profile).toMatchObject({ country: 'MX', state: 'JAL' })
    expect((await patch({ state: 'CMX' })).status).toBe(200)
    expect((await patch({ gender: 'PreferNotToSay' })).status).toBe(200)
  })

  it('password change: the current one is checked, the policy applies, other sessions end, a notice is mailed', async () => {
    const account = await kit.verifiedAccount('es')
    const here = await kit.signedIn(account)
    const there = await kit.signedIn(account)
    const path = '/api/v1/me/password'
    const wrong = await here.post(path, {
      currentPassword: 'not my password',
      newPassword: 'copper lantern orchard',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ code: 'wrong_password' })
    expect(Object.keys(wrong.body.fields as object)).toEqual(['currentPassword'])
    const weak = await here.post(path, {
      currentPassword: account.password,
      newPassword: 'password',
    })
    expect(weak.status).toBe(400)
    expect(Object.keys(weak.body.fields as object)).toEqual(['newPassword'])
    expect((await there.get('/api/v1/me')).status).toBe(200)

    const before = kit.smtp.mails.length
    const changed = await here.post(path, {
      currentPassword: account.password,
      newPassword: 'copper lantern orchard',
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({
      success: true,
      message: 'Your password has been changed. Your other sessions have been signed out.',
    })
    expect((await there.get('/api/v1/me')).status).toBe(401)
    expect((await here.get('/api/v1/me')).status).toBe(200)
    const { rows } = await kit.database.pool.query(
      'SELECT password_hash FROM users WHERE email = $1',
      [account.email],
    )
    expect(await verifyPassword(rows[0].password_hash, 'copper lantern orchard')).toBe(true)

    await kit.worker.deliverDue()
    const notice = kit.smtp.mails.slice(before).find((m) => m.to.includes(account.email))
    // In the account's language (it was created in Spanish).
    expect(notice?.subject).toBe('Tu contraseña de Puente Digital cambió')
    account.password = 'copper lantern orchard'
    expect((await kit.signedIn(account)).cookies.get('sid')).toBeDefined()
  })

  it('a password reset ends every session of the account', async () => {
    const account = await kit.verifiedAccount()
    const one = await kit.signedIn(account)
    const two = await kit.signedIn(account, { remember: true })
    const before = kit.smtp.mails.length
    await new ApiClient(kit.api.url).post('/api/v1/auth/resend-recovery-email', {
      email: account.email,
    })
    await kit.worker.deliverDue()
    const mail = kit.smtp.mails.slice(before).find((m) => resetTokenIn(m.text, kit.publicUrl))
    const token = resetTokenIn(mail?.text ?? '', kit.publicUrl)
    const reset = await new ApiClient(kit.api.url).post('/api/v1/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
    })
    expect(reset.status).toBe(200)
    expect((await one.get('/api/v1/me')).status).toBe(401)
    expect((await two.get('/api/v1/me')).status).toBe(401)
  })

  it('deletion needs the password, removes every row of the user, signs out and mails a confirmation', async () => {
    const account = await kit.verifiedAccount('es')
    const keep = await kit.verifiedAccount()
    const keeper = await kit.signedIn(keep)
    const client = await kit.signedIn(account)
    const other = await kit.signedIn(account)
    const userId = ((await client.get('/api/v1/me')).body.user as User).id
    // Leave traces everywhere: a reset token, outbox rows, a failed sign-in counter.
    await new ApiClient(kit.api.url).post('/api/v1/auth/resend-recovery-email', {
      email: account.email,
    })
    await kit.worker.deliverDue()
    await new ApiClient(kit.api.url).post('/api/v1/auth/login', {
      email: account.email,
      password: 'a wrong guess 123',
    })

    const wrong = await client.send('DELETE', '/api/v1/me', { password: 'a wrong guess 456' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ code: 'wrong_password' })
    expect((await client.get('/api/v1/me')).status).toBe(200)

    const before = kit.smtp.mails.length
    const sidBefore = client.cookies.get('sid')
    const deleted = await client.send('DELETE', '/api/v1/me', { password: account.password })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({
      success: true,
      message: 'Your account and its data have been deleted.',
    })
    expect(client.cookies.get('sid')).not.toBe(sidBefore)
    expect((await client.get('/api/v1/me')).status).toBe(401)
    expect((await other.get('/api/v1/me')).status).toBe(401)

    const q = async (sql: string, values: unknown[]) =>
      (await kit.database.pool.query(sql, values)).rows
    expect(await q('SELECT id FROM users WHERE id = $1', [userId])).toEqual([])
    expect(await q('SELECT id FROM sessions WHERE user_id = $1', [userId])).toEqual([])
    expect(
      await q('SELECT id FROM email_verification_tokens WHERE user_id = $1', [userId]),
    ).toEqual([])
    expect(await q('SELECT id FROM password_reset_tokens WHERE user_id = $1', [userId])).toEqual([])
    expect(await q('SELECT id FROM mail_outbox WHERE user_id = $1', [userId])).toEqual([])
    expect(
      await q('SELECT key FROM rate_limits WHERE key LIKE $1', [`%${emailSubject(account.email)}`]),
    ).toEqual([])
    // Only the confirmation (tied to no account) may still name the address; it goes once sent.
    expect(
      await q('SELECT kind FROM mail_outbox WHERE recipient = $1 AND user_id IS NOT NULL', [
        account.email,
      ]),
    ).toEqual([])
    await kit.worker.deliverDue()
    const mail = await kit.smtp.waitForMail(account.email, undefined, (m) =>
      kit.smtp.mails.slice(before).includes(m),
    )
    expect(mail.subject).toBe('Se eliminó tu cuenta de Puente Digital')
    expect(await q('SELECT id FROM mail_outbox WHERE recipient = $1', [account.email])).toEqual([])

    // Someone else's account is untouched; the address can register again.
    expect((await keeper.get('/api/v1/me')).status).toBe(200)
    const again = await new ApiClient(kit.api.url).post('/api/v1/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(again.status).toBe(401)
  })

  it('the export is a JSON download of everything stored about the user, secrets left out', async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account, { remember: true })
    await kit.signedIn(account)
    const answer = await client.get('/api/v1/me/export')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="puente-digital-account-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const body = answer.body as {
      exportedAt: string
      user: User
      sessions: { current: boolean }[]
      stored: {
        emailVerifiedAt: string | null
        sessions: { remember: boolean }[]
        mails: { kind: string }[]
        links: { purpose: string; usedAt: string | null }[]
        factors: unknown
      }
    }
    expect(body.user.email).toBe(account.email)
    // The address as the API holds it: ISO codes for the state and the country.
    expect(body.user.profile).toMatchObject({
      exteriorNumber: '1',
      interiorNumber: '',
      state: 'PUE',
      country: 'MX',
    })
    expect(body.sessions).toHaveLength(2)
    expect(body.sessions.filter((s) => s.current)).toHaveLength(1)
    expect(body.stored.emailVerifiedAt).not.toBeNull()
    expect(body.stored.sessions.map((s) => s.remember).sort()).toEqual([false, true])
    expect(body.stored.mails.map((m) => m.kind)).toEqual(['email_verification'])
    expect(body.stored.links).toEqual([
      expect.objectContaining({ purpose: 'email_verification', usedAt: expect.any(String) }),
    ])
    expect(body.stored.factors).toEqual({ passkeys: [], totp: false, recoveryCodesLeft: 0 })
    const text = JSON.stringify(body)
    expect(text).not.toMatch(/argon2|token_hash|tokenHash|passwordHash/)
    expect(text).not.toContain(client.cookies.get('sid'))
  })
})
