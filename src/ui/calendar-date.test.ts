import { describe, expect, it } from 'vitest'
import { formatCalendarDate } from './calendar-date'

describe('a calendar date as people read it', () => {
  it('is written in the language of the page', () => {
    expect(formatCalendarDate('1990-05-17', 'en')).toBe('May 17, 1990')
    expect(formatCalendarDate('1990-05-17', 'es')).toBe('17 de mayo de 1990')
  })

  it('stays on its day west of UTC', () => {
    // The first of the month read as midnight UTC would be the last of the month before in Mexico.
    expect(formatCalendarDate('2000-01-01', 'en')).toBe('January 1, 2000')
  })

  it('shows what is not a date as it is', () => {
    expect(formatCalendarDate('', 'en')).toBe('')
    expect(formatCalendarDate('1990-02-31', 'en')).toBe('1990-02-31')
  })
})
