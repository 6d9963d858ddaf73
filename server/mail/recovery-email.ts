import type { Locale } from '../../src/domain/locales'
import { translator } from '../i18n/server-i18n'
import { recoveryMailMessages as m } from './mail-messages'

export type ComposedMail = {
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly replyTo?: string
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Plain text and HTML versions of the recovery mail (the same words, one link). */
export function composeRecoveryEmail(locale: Locale, link: string): ComposedMail {
  const t = translator(locale)
  const subject = t(m.subject)
  const text = [
    t(m.greeting),
    '',
    t(m.intro),
    '',
    link,
    '',
    t(m.ignore),
    '',
    t(m.signature),
    '',
  ].join('\n')
  const href = escapeHtml(link)
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1e1e1e">
${paragraph(escapeHtml(t(m.greeting)))}
${paragraph(escapeHtml(t(m.intro)))}
${paragraph(`<a href="${href}" style="display:inline-block;padding:12px 20px;background:#1e4fd8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t(m.button))}</a>`)}
${paragraph(`<a href="${href}">${href}</a>`)}
${paragraph(escapeHtml(t(m.ignore)))}
${paragraph(escapeHtml(t(m.signature)))}
</body>
</html>
`
  return { subject, text, html }
}
