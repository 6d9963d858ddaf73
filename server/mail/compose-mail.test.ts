import { describe, expect, it } from 'vitest'
import { composeMail } from './compose-mail'

describe('the mails’ frame', () => {
  const frame = { locale: 'es', publicUrl: 'https://agency.example' } as const
  const mail = composeMail(frame, 'Asunto <1>', [
    { paragraph: 'Hola, Ana:' },
    { link: { href: 'https://agency.example/my-services', label: 'Abrir Mis servicios' } },
    { quote: '<b>no</b>' },
  ])

  it('puts the agency’s name on top and the site’s address at the foot of the text part', () => {
    const lines = mail.text.split('\n')
    expect(lines.slice(0, 3)).toEqual(['Puente Digital', '', 'Hola, Ana:'])
    expect(lines.slice(-3)).toEqual([
      '-- ',
      'Puente Digital · https://agency.example · hola@puentedigital.mx',
      '',
    ])
    expect(mail.text).toContain('https://agency.example/my-services')
  })

  it('frames the HTML part alike, in the mail’s language, escaping what it quotes', () => {
    expect(mail.html).toContain('<html lang="es">')
    expect(mail.html).toContain('<title>Asunto &#60;1&#62;</title>')
    expect(mail.html).toMatch(/<a href="https:\/\/agency\.example\/"[^>]*>Puente Digital<\/a>/)
    expect(mail.html).toContain('>agency.example</a>')
    expect(mail.html).toContain('href="mailto:hola@puentedigital.mx"')
    expect(mail.html).toContain('href="https://agency.example/my-services"')
    expect(mail.html).toContain('&#60;b&#62;no&#60;/b&#62;')
    expect(mail.html).not.toContain('<b>no</b>')
  })

  it('wears the site’s colours; the raw address under a button is small print', () => {
    expect(mail.html).toContain('background:#1f4f99')
    expect(mail.html).toContain('background:#e0e5ec')
    expect(mail.html).toMatch(
      /<p style="[^"]*font-size:12px[^"]*"><a href="https:\/\/agency\.example\/my-services"/,
    )
  })
})
