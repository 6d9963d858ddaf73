import { describe, expect, it } from 'vitest'
import { whatsappDigits, whatsappLink } from './agency-whatsapp'

describe('the agency’s WhatsApp number', () => {
  it('takes an international number, written with spaces, hyphens, dots or parentheses', () => {
    expect(whatsappDigits('+52 55 4170 2386')).toBe('525541702386')
    expect(whatsappDigits(' +52-1-(55)-4170.2386 ')).toBe('5215541702386')
    expect(whatsappDigits('+14155550123')).toBe('14155550123')
  })

  it('refuses a number without its country (no +), too short or long, or with letters', () => {
    for (const value of [
      '55 4170 2386',
      '+52',
      '+0 55 4170 2386',
      '+1234567',
      '+5255417023861234',
      '+52 55 CALL NOW',
      '',
    ])
      expect(whatsappDigits(value), value).toBeUndefined()
  })

  it('links to a chat with the message written, encoded', () => {
    expect(whatsappLink('525541702386', 'Hola, quiero saber más de Diseño web & SEO?')).toBe(
      'https://wa.me/525541702386?text=Hola%2C%20quiero%20saber%20m%C3%A1s%20de%20Dise%C3%B1o%20web%20%26%20SEO%3F',
    )
  })
})
