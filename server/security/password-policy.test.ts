import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { passwordLength } from '../../domain/validation/field-rules'
import { costlyPassword } from '../../scripts/costly-password'
import { checkedLength, checkedPrefix, checkPassword, type GuessEstimator } from './password-policy'

/**
 * The strength estimate runs on the event loop, so its cost per request must stay bounded
 * whatever the password: only a prefix is estimated. These tests prove the bound by what the
 * estimator is given; `npm run bench:password` measures what it costs.
 */

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

  it('gives the estimator at most two inputs of at most 64 characters, whatever it is given', async () => {
    // What bounds the cost: zxcvbn's time grows with its input, and it never sees more than
    // this, for any password the schema lets through and any account data. (The time it takes
    // is measured by `npm run bench:password`, not asserted here.)
    const anyText = (maxLength: number) =>
      fc.string({ unit: 'grapheme', maxLength }).filter((text) => [...text].length <= maxLength)
    const longText = fc.oneof(
      anyText(passwordLength.max),
      fc.constantFrom(costlyPassword(passwordLength.max), `marisol${'😀x'.repeat(70)}`),
    )
    await fc.assert(
      fc.asyncProperty(
        longText,
        fc.array(anyText(40), { maxLength: 3 }),
        async (password, inputs) => {
          const seen: string[] = []
          const recording: GuessEstimator = async (input) => {
            seen.push(input)
            return seen.length % 2 === 0 ? 1 : 1e12
          }
          await checkPassword(password, [...inputs, ...personal], recording)
          expect(seen.length).toBeLessThanOrEqual(2)
          for (const input of seen) expect([...input].length).toBeLessThanOrEqual(checkedLength)
        },
      ),
      { numRuns: 200 },
    )
  })
})
