import { setupI18n } from '@lingui/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dayStyle, momentStyle, warmDateFormats } from './date-styles'

afterEach(() => {
  vi.useRealTimers()
})

function englishI18n() {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  return { i18n, date: vi.spyOn(i18n, 'date') }
}

describe('warmDateFormats', () => {
  it('makes each signed-in date formatter in a task of its own, none at once', () => {
    vi.useFakeTimers()
    const { i18n, date } = englishI18n()
    warmDateFormats(i18n)
    expect(date).not.toHaveBeenCalled()
    vi.advanceTimersToNextTimer()
    expect(date.mock.calls.map(([, style]) => style)).toEqual([dayStyle])
    vi.advanceTimersToNextTimer()
    expect(date.mock.calls.map(([, style]) => style)).toEqual([dayStyle, momentStyle])
    vi.runAllTimers()
    expect(date).toHaveBeenCalledTimes(2)
  })

  it('makes none once cancelled (the session answered first)', () => {
    vi.useFakeTimers()
    const { i18n, date } = englishI18n()
    const cancel = warmDateFormats(i18n)
    vi.advanceTimersToNextTimer()
    cancel()
    vi.runAllTimers()
    expect(date).toHaveBeenCalledTimes(1)
  })
})
