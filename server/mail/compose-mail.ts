import { agency } from '../../domain/agency'
import type { Locale } from '../../domain/locales'
import { translator } from '../i18n/server-i18n'
import { replyByMailMessages } from './mail-messages'

/** A mail ready to send: both parts, and where answers go when not to the sender. */
export type ComposedMail = {
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly replyTo?: string
}

/**
 * What frames a mail: its language (the HTML's `lang`), the site it comes from (PUBLIC_URL) and,
 * for a mail about a request while replies by email are received, the address a reply goes to
 * (reply-address.ts): the mail's `Reply-To`, and its last sentence says a reply is welcome.
 */
export type MailFrame = {
  readonly locale: Locale
  readonly publicUrl: string
  readonly replyAddress?: string | undefined
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

/** The site's accent (its --accent): the name on top and the buttons. */
const brand = '#1f4f99'
/** The site's page background, around the mail's white card. */
const backdrop = '#e0e5ec'

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
        `<a href="${href}" style="display:inline-block;padding:12px 20px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.link.label)}</a>`,
      ),
      // The address for a mail reader that shows no button: small and muted, the button leads.
      `<p style="margin:0 0 16px;font-size:12px;line-height:1.4;color:#4a5068;overflow-wrap:anywhere;word-break:break-all"><a href="${href}" style="color:#4a5068">${href}</a></p>`,
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

/** The site's address as people read it: no scheme, no trailing slash. */
function siteLabel(publicUrl: string): string {
  return publicUrl.replace(/^https?:\/\//, '').replace(/\/+$/, '')
}

/**
 * The text and HTML versions of a mail in `frame.locale`, in the one frame every mail has: the
 * agency's name on top (linked to the site in HTML), the blocks, and a short footer with the
 * site's address and the agency's mail address. Plain on purpose (one column, system fonts,
 * inline styles, no images to load): it reads the same in every client and as text.
 */
export function composeMail(
  frame: MailFrame,
  subject: string,
  body: readonly MailBlock[],
): ComposedMail {
  const blocks =
    frame.replyAddress === undefined
      ? body
      : [...body, { paragraph: translator(frame.locale)(replyByMailMessages.canReply) }]
  const site = frame.publicUrl.replace(/\/+$/, '')
  const footer = `${agency.name} · ${site} · ${agency.email}`
  const text = [agency.name, '', ...blocks.flatMap(textOf), '-- ', footer, ''].join('\n')
  const href = escapeHtml(`${site}/`)
  const html = `<!doctype html>
<html lang="${frame.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${backdrop};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1e1e1e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${backdrop}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;text-align:left">
<tr><td style="padding:20px 32px;border-bottom:4px solid ${brand}"><a href="${href}" style="font-size:20px;font-weight:bold;color:${brand};text-decoration:none">${escapeHtml(agency.name)}</a></td></tr>
<tr><td style="padding:24px 32px 8px">
${blocks.flatMap(htmlOf).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #d8deea;font-size:13px;color:#4a5068">${escapeHtml(agency.name)} · <a href="${href}" style="color:#4a5068">${escapeHtml(siteLabel(site))}</a> · <a href="mailto:${escapeHtml(agency.email)}" style="color:#4a5068">${escapeHtml(agency.email)}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>
`
  return frame.replyAddress === undefined
    ? { subject, text, html }
    : { subject, text, html, replyTo: frame.replyAddress }
}
