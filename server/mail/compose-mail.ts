import type { Locale } from '../../src/domain/locales'

/** A mail ready for the transport: its subject and the same words as text and as HTML. */
export type ComposedMail = {
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly replyTo?: string
}

/**
 * What a mail says, in order, already translated. Each block is written both as plain text
 * (a blank line after it) and as HTML, so the two versions never drift apart.
 */
export type MailBlock =
  | { readonly paragraph: string }
  /**
   * A button and the address written out, so it can be copied; `quiet`: a plain link instead,
   * for a notice that asks nothing of most readers (the password-changed mail).
   */
  | { readonly link: { readonly href: string; readonly label: string }; readonly quiet?: boolean }
  /** Label / value pairs: `label: value` lines, an HTML table. */
  | { readonly rows: readonly (readonly [string, string])[] }
  /** What someone wrote, line breaks kept (escaped, never read as HTML); `label` heads it. */
  | { readonly quote: string; readonly label?: string }

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

const htmlParagraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`

function textOf(block: MailBlock): string[] {
  if ('paragraph' in block) return [block.paragraph, '']
  if ('link' in block) return [block.link.href, '']
  if ('rows' in block) return [...block.rows.map(([label, value]) => `${label}: ${value}`), '']
  return [...(block.label === undefined ? [] : [`${block.label}:`]), block.quote, '']
}

function htmlOf(block: MailBlock): string[] {
  if ('paragraph' in block) return [htmlParagraph(escapeHtml(block.paragraph))]
  if ('link' in block) {
    const href = escapeHtml(block.link.href)
    if (block.quiet) return [htmlParagraph(`<a href="${href}">${escapeHtml(block.link.label)}</a>`)]
    return [
      htmlParagraph(
        `<a href="${href}" style="display:inline-block;padding:12px 20px;background:#1e4fd8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.link.label)}</a>`,
      ),
      htmlParagraph(`<a href="${href}">${href}</a>`),
    ]
  }
  if ('rows' in block) {
    const rows = block.rows.map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    return [`<table style="border-collapse:collapse;margin:0 0 16px">${rows.join('')}</table>`]
  }
  return [
    ...(block.label === undefined ? [] : [htmlParagraph(escapeHtml(`${block.label}:`))]),
    `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #c9d2e3;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`,
  ]
}

/** The text and HTML versions of a mail in `locale`. */
export function composeMail(
  locale: Locale,
  subject: string,
  blocks: readonly MailBlock[],
): ComposedMail {
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1e1e1e">
${blocks.flatMap(htmlOf).join('\n')}
</body>
</html>
`
  return { subject, text: blocks.flatMap(textOf).join('\n'), html }
}
