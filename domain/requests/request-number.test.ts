import { describe, expect, it } from 'vitest'
import { formatRequestNumber, parseRequestNumber } from './request-number'

describe('request numbers', () => {
  it('are the prefix, the year and four digits at least', () => {
    expect(formatRequestNumber(2026, 42)).toBe('PD-2026-0042')
    expect(formatRequestNumber(2026, 12345)).toBe('PD-2026-12345')
  })

  it('are found however they are typed', () => {
    for (const typed of ['PD-2026-0042', 'pd-2026-42', 'PD 2026 0042', '2026-0042', ' pd2026-42 '])
      expect(parseRequestNumber(typed), typed).toBe('PD-2026-0042')
  })

  it('are not a name, an email or a counter of zero', () => {
    for (const typed of ['Ana', 'ana@example.com', '2026', 'PD-2026-0000', 'PD-26-1', 'PD-2026-'])
      expect(parseRequestNumber(typed), typed).toBeUndefined()
  })
})
