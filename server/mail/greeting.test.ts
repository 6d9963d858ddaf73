import { describe, expect, it } from 'vitest'
import { greetingName } from './greeting'

describe('the name an acknowledgement greets', () => {
  it('is the first word of a plain name, in any script', () => {
    expect(greetingName('Lucía Hernández')).toBe('Lucía')
    expect(greetingName('  Zoë  ')).toBe('Zoë')
    expect(greetingName("O'Brien-Smith")).toBe("O'Brien-Smith")
    expect(greetingName('Андрей Петров')).toBe('Андрей')
  })

  it('is nothing when the first word could carry a link, an address or a number', () => {
    for (const name of [
      'www.pay-agency.example',
      'pay-agency.example now',
      'billing@pay-agency.example',
      'http://x',
      'Call555',
      '',
      'A'.repeat(31),
    ])
      expect(greetingName(name), name).toBeUndefined()
  })
})
