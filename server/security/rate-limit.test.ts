import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { createRateLimiter, emailSubject } from './rate-limit'

describe.each(testBackends())('rate limits in $name', (backend) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(backend)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('allows `limit` hits per window, then reports when to retry; keys are independent', async () => {
    const limiter = createRateLimiter(database.pool)
    const rule = { name: 'test', limit: 3, windowSeconds: 60 }
    const decisions = []
    for (let i = 0; i < 5; i += 1) decisions.push(await limiter.hit(rule, 'a'))
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false])
    expect(decisions[4]?.retryAfterSeconds).toBeGreaterThan(55)
    expect(decisions[4]?.retryAfterSeconds).toBeLessThanOrEqual(60)
    expect((await limiter.hit(rule, 'b')).allowed).toBe(true)
  })

  it('starts a new window once the old one is over', async () => {
    const limiter = createRateLimiter(database.pool)
    const rule = { name: 'window', limit: 1, windowSeconds: 60 }
    expect((await limiter.hit(rule, 'x')).allowed).toBe(true)
    expect((await limiter.hit(rule, 'x')).allowed).toBe(false)
    await database.pool.query(
      "UPDATE rate_limits SET window_started_at = now() - interval '61 seconds' WHERE key = 'window:x'",
    )
    expect((await limiter.hit(rule, 'x')).allowed).toBe(true)
  })

  it('counts exactly under concurrency (one shared budget for every instance)', async () => {
    const limiter = createRateLimiter(database.pool)
    const rule = { name: 'parallel', limit: 7, windowSeconds: 60 }
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(rule, 'p')))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(7)
  })
})

describe('emailSubject', () => {
  it('is the same for any case or surrounding space, and does not contain the address', () => {
    expect(emailSubject(' Ana@Example.com ')).toBe(emailSubject('ana@example.com'))
    expect(emailSubject('ana@example.com')).not.toContain('ana')
  })
})
