import { describe, expect, it } from 'vitest'
import { passwordLength } from '../../domain/validation/field-rules'
import { checkedLength, checkedPrefix, checkPassword, type GuessEstimator } from './password-policy'

/**
 * The strength estimate runs on the event loop, so its cost per request must stay bounded
 * whatever the password: only a prefix is estimated.
 */

/** Leetspeak fragments of common words: among the costliest input found for zxcvbn. */
function costlyPassword(length: number): string {
  const pieces = ['p@ss', 'w0rd', 'm0n', 'k3y', 'dr@', 'g0n', 'l3t', 'm31n', '$h!', '3ld', '1l0v']
  let password = ''
  for (let n = 0; [...password].length < length; n += 7) password += pieces[n % pieces.length]
  return [...password].slice(0, length).join('')
}

const personal = ['marisol.quintana@example.com', 'Marisol', 'Quintana']

describe('the password policy on long passwords', () => {
  it('gives the estimator only the first 64 characters, in both of its checks', async () => {
    const seen: string[] = []
    const recording: GuessEstimator = async (password) => {
      seen.push(password)
      return 1e12
    }
    // Longest allowed, with a personal piece early (so both checks run) and emoji (2 code units).
    const password = `marisol${'😀x'.repeat(passwordLength.max)}`.slice(0, passwordLength.max)
    expect(await checkPassword(password, personal, recording)).toBeUndefined()
    expect(seen).toHaveLength(2)
    for (const input of seen) expect([...input].length).toBeLessThanOrEqual(checkedLength)
    expect(seen[1]).toBe(checkedPrefix(password))
    expect([...checkedPrefix(password)]).toHaveLength(checkedLength)
    expect(checkedPrefix('short')).toBe('short')
  })

  it('judges the prefix: a weak start is refused whatever follows', async () => {
    const weakStart = `${'password'.repeat(8)}xK9#mP2$qL violet harbour lantern`
    expect((await checkPassword(weakStart))?.reason).toBe('common')
  })

  it('costs a bounded amount of CPU for the longest, costliest password', async () => {
    const password = costlyPassword(passwordLength.max)
    await checkPassword('warm up the dictionaries')
    const before = process.cpuUsage()
    await checkPassword(password, personal)
    const used = process.cpuUsage(before)
    const ms = (used.user + used.system) / 1000
    console.log(`password check of ${passwordLength.max} characters: ${ms.toFixed(0)} ms of CPU`)
    // About 0.05 s on an idle core; unbounded it was about three times that. Generous for a
    // loaded machine, still far from the half second a burst of such requests used to cost.
    expect(ms).toBeLessThan(250)
  })
})
