import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { type CaughtMail, parseMail } from '../../server/test/smtp-catcher'
import { withDatabase } from './running-database'

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
 * The token of the newest link to `path` (`verify-email`, `reset-password`) mailed to `address`,
 * once it works: the outbox stores a link's token in the transaction that marks its mail sent,
 * which commits just after the SMTP server accepted the mail (server/mail/outbox-worker.ts),
 * so the mail can be read a moment before its link is usable. Waits for that commit: no mail
 * to the address still pending in the outbox.
 */
export async function waitForLink(
  address: string,
  path: 'verify-email' | 'reset-password',
  timeoutMs = 15_000,
): Promise<string> {
  const link = new RegExp(`/${path}\\?token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`)
  const mail = await waitForMail(address, timeoutMs, (m) => link.test(m.text))
  const token = link.exec(mail.text)?.[1] ?? ''
  const deadline = Date.now() + timeoutMs
  await withDatabase(async (db) => {
    for (;;) {
      const pending = await db.query(
        `SELECT 1 FROM mail_outbox WHERE recipient = $1 AND status = 'pending'`,
        [address],
      )
      if (pending.rowCount === 0) return
      if (Date.now() > deadline)
        throw new Error(`The mail to ${address} stayed pending for ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
  return token
}
