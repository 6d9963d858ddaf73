import { describe, expect, it } from 'vitest'
import { isOverdue, parseFolioNumber } from './receivables'

describe('the overdue rule', () => {
  // 2026-11-29 00:00 in Mexico City (UTC−6, no daylight saving since 2022).
  const midnight = new Date('2026-11-29T06:00:00Z')
  const justBefore = new Date(midnight.getTime() - 1)

  it('owed and due before today in Mexico City: overdue from its next day’s first instant', () => {
    const instalment = { state: 'due', dueDay: '2026-11-28' } as const
    expect(isOverdue(instalment, justBefore)).toBe(false)
    expect(isOverdue(instalment, midnight)).toBe(true)
    expect(isOverdue({ ...instalment, state: 'partlyPaid' }, midnight)).toBe(true)
    // Due today is not overdue yet.
    expect(isOverdue({ state: 'due', dueDay: '2026-11-29' }, midnight)).toBe(false)
  })

  it('never when nothing is owed or the day has not come', () => {
    for (const state of ['scheduled', 'paid', 'void', 'refunded'] as const)
      expect(isOverdue({ state, dueDay: '2026-01-01' }, midnight), state).toBe(false)
    expect(isOverdue({ state: 'due', dueDay: null }, midnight)).toBe(false)
  })
})

describe('a folio in a search', () => {
  it('names its instalment number, however it is typed', () => {
    expect(parseFolioNumber('PAG-000042')).toBe(42)
    expect(parseFolioNumber(' pag 42 ')).toBe(42)
    expect(parseFolioNumber('pag42')).toBe(42)
    expect(parseFolioNumber('PAG-0')).toBeUndefined()
    expect(parseFolioNumber('PAG-1234567')).toBeUndefined()
    expect(parseFolioNumber('pagos')).toBeUndefined()
  })
})
