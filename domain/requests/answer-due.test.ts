import { describe, expect, it } from 'vitest'
import { answerDueBy, isAnswerOverdue } from './answer-due'

// Mexico City is UTC−6: 10:00 there is 16:00 UTC.
const at = (iso: string) => new Date(iso)

describe("a client's message unanswered", () => {
  it('is due by the end of the next business day', () => {
    // Monday 2026-11-23, 10:00 → Tuesday 18:00.
    expect(answerDueBy(at('2026-11-23T16:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z')
  })

  it('over a weekend, by Monday evening', () => {
    // Friday 17:00, Saturday, Sunday → Monday 2026-11-30 18:00.
    for (const sent of ['2026-11-27T23:00:00Z', '2026-11-28T16:00:00Z', '2026-11-29T16:00:00Z'])
      expect(answerDueBy(at(sent)).toISOString(), sent).toBe('2026-12-01T00:00:00.000Z')
  })

  it('in Mexico City days: 23:00 there on Monday is still Monday', () => {
    // Monday 23:00 Mexico City is Tuesday 05:00 UTC.
    expect(answerDueBy(at('2026-11-24T05:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z')
  })

  it('is overdue only past that moment', () => {
    const sent = at('2026-11-23T16:00:00Z')
    expect(isAnswerOverdue(sent, at('2026-11-24T23:59:59Z'))).toBe(false)
    expect(isAnswerOverdue(sent, at('2026-11-25T00:00:01Z'))).toBe(true)
  })
})
