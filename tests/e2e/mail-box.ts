import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { type CaughtMail, parseMail } from '../../server/test/smtp-catcher'

/** The mail the app sent to `address` (read from the loopback SMTP server's .eml files). */
export async function waitForMail(
  address: string,
  timeoutMs = 15_000,
): Promise<Omit<CaughtMail, 'to'>> {
  const mailDir = inject('mailDir')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    for (const file of readdirSync(mailDir)) {
      const raw = readFileSync(join(mailDir, file), 'utf8')
      if (new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(raw))
        return { raw, ...parseMail(raw) }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
