import type { Locale } from '../../src/domain/locales'
import { translator } from '../i18n/server-i18n'
import { passwordChangedMailMessages as m } from './mail-messages'
import type { ComposedMail } from './recovery-email'

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * "Your password was changed": tells the owner of the address, so a reset they did not ask for
 * is noticed. It carries no token; its link leads to the page where a new recovery mail is asked.
 */
export function composePasswordChangedEmail(locale: Locale, publicUrl: string): ComposedMail {
  const t = translator(locale)
  const link = `${publicUrl}/register`
  const subject = t(m.subject)
  const text = [
    t(m.greeting),
    '',
    t(m.body),
    '',
    t(m.notYou),
    '',
    link,
    '',
    t(m.signature),
    '',
  ].join('\n')
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`
  const href = escapeHtml(link)
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1e1e1e">
${paragraph(escapeHtml(t(m.greeting)))}
${paragraph(escapeHtml(t(m.body)))}
${paragraph(escapeHtml(t(m.notYou)))}
${paragraph(`<a href="${href}">${escapeHtml(t(m.button))}</a>`)}
${paragraph(escapeHtml(t(m.signature)))}
</body>
</html>
`
  return { subject, text, html }
}
