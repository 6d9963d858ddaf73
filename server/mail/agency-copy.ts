import { type ComposedMail, composeMail, type MailFrame } from './compose-mail'

/** A request's entry in the agency's inbox (`/admin`, its detail open). */
export function requestInboxLink(publicUrl: string, requestId: string): string {
  return `${publicUrl}/admin?id=${encodeURIComponent(requestId)}`
}

/** The parts of an agency copy, already translated (in the frame's language). */
export type AgencyCopy = {
  /** The kind of news; the mail's subject is it and the sender's name. */
  readonly subject: string
  /** Who did it: named in the subject, the first two rows, and the mail's `Reply-To`. */
  readonly from: { readonly name: string; readonly email: string }
  /** The labels of those two rows (a visitor's "Name", a client's "Client"; "Email"). */
  readonly fromLabels: readonly [name: string, email: string]
  readonly intro: string
  /** The facts, after the sender's rows. */
  readonly rows: readonly (readonly [string, string])[]
  /** What they wrote, when they wrote anything. */
  readonly quote?: { readonly label: string; readonly text: string } | undefined
  /** Where it is in the agency's inbox. */
  readonly link: { readonly href: string; readonly label: string }
}

/**
 * A mail to the agency about what a visitor or a client did (an enquiry, a new or withdrawn
 * request, an answer to a proposal), in the agency's language (the frame's; the sender's is one
 * of the rows where it matters, to answer in it): the news and who, the facts, their words, the
 * link to the inbox. `Reply-To` is the sender, so answering is one click; while replies by
 * email are received it is the request's reply address instead, so the answer lands in the
 * conversation (and reaches the client from there).
 */
export function composeAgencyCopy(frame: MailFrame, copy: AgencyCopy): ComposedMail {
  const mail = composeMail(frame, `${copy.subject}: ${copy.from.name}`, [
    { paragraph: copy.intro },
    {
      rows: [
        [copy.fromLabels[0], copy.from.name],
        [copy.fromLabels[1], copy.from.email],
        ...copy.rows,
      ],
    },
    ...(copy.quote ? [{ label: copy.quote.label, quote: copy.quote.text }] : []),
    { link: copy.link },
  ])
  return { ...mail, replyTo: mail.replyTo ?? copy.from.email }
}
