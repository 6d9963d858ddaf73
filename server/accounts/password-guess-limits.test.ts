import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { countingHashSlots } from '../test/counting-hash-slots'
import { testBackends } from '../test/test-database'

/**
 * Password guesses sent all at once: the failure limits are reserved before the argon2 check,
 * so at most `limit` guesses reach the hash whatever the concurrency. The hash slots count every
 * argon2 run: the guesses are the only runs in each test.
 */

const guesses = 25
const limit = 10

describe.each(testBackends())('parallel password guesses on $name', (backend) => {
  let kit: AccountKit
  const slots = countingHashSlots()
  beforeAll(async () => {
    // The shipped per-account limit (10 per 15 minutes); the per-address one out of the way.
    kit = await startAccountKit(backend, {
      hashSlots: slots,
      rateRules: { loginFailuresPerIp: { name: 'login:ip', limit: 1000, windowSeconds: 900 } },
    })
  })
  afterAll(async () => {
    await kit?.close()
  })

  async function inParallel(send: () => Promise<{ status: number }>) {
    const before = slots.runs
    const answers = await Promise.all(Array.from({ length: guesses }, send))
    const statuses = answers.map((a) => a.status)
    return { hashed: slots.runs - before, statuses }
  }

  it(`sign-in: ${guesses} wrong passwords at once, at most ${limit} reach the hash, the rest 429`, async () => {
    const account = await kit.verifiedAccount()
    const wrong = { email: account.email, password: 'not the password at all' }
    const { hashed, statuses } = await inParallel(() =>
      new ApiClient(kit.api.url).post('/api/v1/auth/login', wrong),
    )
    expect(hashed).toBe(limit)
    expect(statuses.filter((s) => s === 401)).toHaveLength(hashed)
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses - hashed)
    // The budget is spent: even the right password waits, and costs no hash.
    const before = slots.runs
    const right = await new ApiClient(kit.api.url).post('/api/v1/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(right.status).toBe(429)
    expect(slots.runs).toBe(before)
  })

  it(`password change: ${guesses} wrong current passwords at once, at most ${limit} reach the hash`, async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account)
    await client.fetchXsrfToken()
    const { hashed, statuses } = await inParallel(() =>
      client.post('/api/v1/me/password', {
        currentPassword: 'not the password at all',
        newPassword: 'copper lantern orchard',
      }),
    )
    expect(hashed).toBe(limit)
    expect(statuses.filter((s) => s === 400)).toHaveLength(hashed)
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses - hashed)
  })

  it(`deletion: ${guesses} wrong passwords at once, at most ${limit} reach the hash`, async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account)
    await client.fetchXsrfToken()
    const { hashed, statuses } = await inParallel(() =>
      client.send('DELETE', '/api/v1/me', { password: 'not the password at all' }),
    )
    expect(hashed).toBe(limit)
    expect(statuses.filter((s) => s === 400)).toHaveLength(hashed)
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses - hashed)
    expect((await client.get('/api/v1/me')).status).toBe(200)
  })

  it('a right current password gives its reservation back: it does not count as a failure', async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account)
    for (let i = 0; i < limit + 2; i += 1) {
      const changed = await client.post('/api/v1/me/password', {
        currentPassword: account.password,
        newPassword: i % 2 ? 'copper lantern orchard' : 'granite meadow saxophone',
      })
      expect(changed.status).toBe(200)
      account.password = i % 2 ? 'copper lantern orchard' : 'granite meadow saxophone'
    }
  })
})
