import { type ComposedMail, composeMail, type MailFrame } from './compose-mail'

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
export function composePlainEmail(frame: MailFrame, mail: PlainEmail): ComposedMail {
  const { subject, before, link, after } = mail
  return composeMail(frame, subject, [
    ...before.map((paragraph) => ({ paragraph })),
    ...(link ? [{ link }] : []),
    ...after.map((paragraph) => ({ paragraph })),
  ])
}
