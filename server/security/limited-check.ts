import type { RateLimiter, RateRule, Reservation } from './rate-limit'

/**
 * A secret check under failure limits: a password now, a second-factor code later. Every limit
 * is reserved before the check runs (docs/decisions/032-rate-limit-reservations.md), so however
 * many guesses arrive at once, at most `limit` of them reach the check in a window; the rest are
 * refused without costing it anything. A check that passes was no failure: its reservations are
 * given back, or the subject's count is cleared (`onPass: 'clear'`, the sign-in's account count).
 */

export type CheckLimit = {
  readonly rule: RateRule
  readonly subject: string
  readonly onPass: 'giveBack' | 'clear'
}

export type LimitedCheck =
  | { readonly outcome: 'limited'; readonly rule: RateRule; readonly retryAfterSeconds: number }
  | { readonly outcome: 'passed' }
  | { readonly outcome: 'failed' }

export async function limitedCheck(
  limiter: RateLimiter,
  limits: readonly CheckLimit[],
  check: () => Promise<boolean>,
): Promise<LimitedCheck> {
  const held: { limit: CheckLimit; reservation: Reservation }[] = []
  const giveAllBack = () => Promise.all(held.map(({ reservation }) => reservation.giveBack()))
  for (const limit of limits) {
    const reservation = await limiter.reserve(limit.rule, limit.subject)
    if (!reservation.allowed) {
      await giveAllBack()
      return {
        outcome: 'limited',
        rule: limit.rule,
        retryAfterSeconds: reservation.retryAfterSeconds,
      }
    }
    held.push({ limit, reservation })
  }
  let passed: boolean
  try {
    passed = await check()
  } catch (error) {
    // The check never ran to an answer (the hash queue was full, the database went away): no
    // guess was judged, so none is counted.
    await giveAllBack().catch(() => undefined)
    throw error
  }
  if (!passed) return { outcome: 'failed' }
  await Promise.all(
    held.map(({ limit, reservation }) =>
      limit.onPass === 'clear' ? limiter.reset(limit.rule, limit.subject) : reservation.giveBack(),
    ),
  )
  return { outcome: 'passed' }
}
