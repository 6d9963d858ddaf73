import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { type CaughtMail, parseMail } from '../../server/test/smtp-catcher'

/**
 * The first mail the app sent to `address` (read from the loopback SMTP server's .eml files)
 * that `matching` accepts (any by default: an account gets several mails).
 */
export async function waitForMail(
  address: string,
  timeoutMs = 15_000,
  matching: (mail: Omit<CaughtMail, 'to'>) => boolean = () => true,
): Promise<Omit<CaughtMail, 'to'>> {
  const mailDir = inject('mailDir')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    for (const file of readdirSync(mailDir)) {
      const raw = readFileSync(join(mailDir, file), 'utf8')
      if (!new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(raw))
        continue
      const mail = { raw, ...parseMail(raw) }
      if (matching(mail)) return mail
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * The token of the link to `path` (`verify-email`, `reset-password`) mailed to `address`, used
 * the moment the mail is read: the outbox commits a link's token before it hands the mail to
 * SMTP (docs/decisions/031), so a link works as soon as its mail arrives — and a test that used
 * it at once would catch a regression.
 */
export async function waitForLink(
  address: string,
  path: 'verify-email' | 'reset-password',
  timeoutMs = 15_000,
): Promise<string> {
  const link = new RegExp(`/${path}\\?token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`)
  const mail = await waitForMail(address, timeoutMs, (m) => link.test(m.text))
  return link.exec(mail.text)?.[1] ?? ''
}

/** Every mail to `address` so far that `matching` accepts. */
export function mailsTo(
  address: string,
  matching: (mail: Omit<CaughtMail, 'to'>) => boolean = () => true,
): Omit<CaughtMail, 'to'>[] {
  const mailDir = inject('mailDir')
  const to = new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im')
  return readdirSync(mailDir)
    .map((file) => readFileSync(join(mailDir, file), 'utf8'))
    .filter((raw) => to.test(raw))
    .map((raw) => ({ raw, ...parseMail(raw) }))
    .filter(matching)
}
