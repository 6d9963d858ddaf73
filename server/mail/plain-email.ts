import type { Locale } from '../../src/domain/locales'
import type { ComposedMail } from './recovery-email'

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export type PlainEmail = {
  readonly subject: string
  /** Paragraphs before the link (the greeting first). */
  readonly before: readonly string[]
  readonly link?: { readonly href: string; readonly label: string }
  /** Paragraphs after the link (the signature last). */
  readonly after: readonly string[]
}

/**
 * The text and HTML versions of a short mail (already translated paragraphs and at most one
 * link, written out in full in both so it can be copied).
 */
export function composePlainEmail(locale: Locale, mail: PlainEmail): ComposedMail {
  const { subject, before, link, after } = mail
  const text = [...before, ...(link ? [link.href] : []), ...after]
    .flatMap((part) => [part, ''])
    .join('\n')
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`
  const href = link ? escapeHtml(link.href) : ''
  const linkHtml = link
    ? [
        paragraph(
          `<a href="${href}" style="display:inline-block;padding:12px 20px;background:#1e4fd8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a>`,
        ),
        paragraph(`<a href="${href}">${href}</a>`),
      ]
    : []
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1e1e1e">
${[...before.map((p) => paragraph(escapeHtml(p))), ...linkHtml, ...after.map((p) => paragraph(escapeHtml(p)))].join('\n')}
</body>
</html>
`
  return { subject, text, html }
}
