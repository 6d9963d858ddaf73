import { describe, expect, it } from 'vitest'
import { testBackends, useTestDatabase } from '../test/test-database'
import { createRateLimiter, emailSubject } from './rate-limit'

describe.each(testBackends())('rate limits in $name', (backend) => {
  const database = useTestDatabase(backend)

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

  it('reserve: at most `limit` at once; refusals do not count; a reservation given back frees its place', async () => {
    const limiter = createRateLimiter(database.pool)
    const rule = { name: 'reserve', limit: 4, windowSeconds: 60 }
    const hits = async () =>
      (await database.pool.query("SELECT hits FROM rate_limits WHERE key = 'reserve:r'")).rows[0]
        ?.hits
    const reservations = await Promise.all(
      Array.from({ length: 15 }, () => limiter.reserve(rule, 'r')),
    )
    const allowed = reservations.filter((r) => r.allowed)
    expect(allowed).toHaveLength(4)
    expect(await hits()).toBe(4)
    expect(reservations.find((r) => !r.allowed)?.retryAfterSeconds).toBeGreaterThan(0)
    await allowed[0]?.giveBack()
    await allowed[0]?.giveBack() // once only
    expect(await hits()).toBe(3)
    expect((await limiter.reserve(rule, 'r')).allowed).toBe(true)
    expect((await limiter.reserve(rule, 'r')).allowed).toBe(false)
  })

  it('reserve an amount: at most `limit` in all at once; the unused part given back, never more than was reserved', async () => {
    const limiter = createRateLimiter(database.pool)
    const rule = { name: 'bytes', limit: 1000, windowSeconds: 60 }
    const hits = async () =>
      (await database.pool.query("SELECT hits FROM rate_limits WHERE key = 'bytes:b'")).rows[0]
        ?.hits
    const reservations = await Promise.all(
      Array.from({ length: 6 }, () => limiter.reserve(rule, 'b', 300)),
    )
    const allowed = reservations.filter((r) => r.allowed)
    expect(allowed).toHaveLength(3)
    expect(await hits()).toBe(900)
    await allowed[0]?.giveBack(200) // 100 of its 300 used
    await allowed[0]?.giveBack(500) // only the 100 still reserved
    await allowed[0]?.giveBack()
    expect(await hits()).toBe(600)
    expect((await limiter.reserve(rule, 'b', 400)).allowed).toBe(true)
    expect((await limiter.reserve(rule, 'b', 1)).allowed).toBe(false)
  })

  it('reserve: a reservation from an ended window is not given back to the new one', async () => {
    const limiter = createRateLimiter(database.pool)
    const rule = { name: 'stale', limit: 1, windowSeconds: 60 }
    const old = await limiter.reserve(rule, 's')
    await database.pool.query(
      "UPDATE rate_limits SET window_started_at = now() - interval '61 seconds' WHERE key = 'stale:s'",
    )
    expect((await limiter.reserve(rule, 's')).allowed).toBe(true)
    await old.giveBack()
    expect((await limiter.reserve(rule, 's')).allowed).toBe(false)
  })
})

describe('emailSubject', () => {
  it('is the same for any case or surrounding space, and does not contain the address', () => {
    expect(emailSubject(' Ana@Example.com ')).toBe(emailSubject('ana@example.com'))
    expect(emailSubject('ana@example.com')).not.toContain('ana')
  })
})
