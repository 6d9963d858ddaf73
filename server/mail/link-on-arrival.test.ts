import { describe, expect, it } from 'vitest'
import { publicUrl, registrationOf, useAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { resetTokenIn, verificationTokenIn } from '../test/smtp-catcher'
import { testBackends } from '../test/test-database'

/**
 * People open a link the moment its mail lands. With an SMTP server that takes its time to answer
 * (as real providers do), every link of a burst must already work when its mail can be read:
 * the token is committed before the mail is handed to SMTP, not after the batch.
 */
describe.each(testBackends())('links opened as their mail arrives, on $name', (backend) => {
  const burst = 6
  // The burst is queued first and delivered in one go, as a worker finds it after a busy second.
  const kit = useAccountKit(backend, { smtpReplyDelayMs: 250, deliverWhenQueued: false })

  const emails = Array.from(
    { length: burst },
    (_, n) => `arrival${n}.${process.pid}.${Date.now()}@example.com`,
  )

  /** Delivers the outbox while each reader opens its link as soon as its mail is there. */
  async function deliverWhileReading(open: (email: string) => Promise<number>): Promise<number[]> {
    const [, ...statuses] = await Promise.all([kit.worker.deliverDue(), ...emails.map(open)])
    return statuses
  }

  it(`verifies each of ${burst} addresses registered at once the instant its mail arrives`, async () => {
    const registered = await Promise.all(
      emails.map((email) =>
        new ApiClient(kit.api.url).post(
          '/api/v1/auth/register',
          registrationOf(email, 'granite meadow saxophone'),
        ),
      ),
    )
    expect(registered.map((answer) => answer.status)).toEqual(emails.map(() => 201))

    const statuses = await deliverWhileReading(async (email) => {
      const mail = await kit.smtp.waitForMail(email, 20_000)
      const token = verificationTokenIn(mail.text, publicUrl)
      return (await new ApiClient(kit.api.url).post('/api/v1/auth/verify-email', { token })).status
    })
    expect(statuses).toEqual(emails.map(() => 200))
  })

  it(`resets ${burst} passwords through recovery links opened the instant their mail arrives`, async () => {
    const requested = await Promise.all(
      emails.map((email) =>
        new ApiClient(kit.api.url).post('/api/v1/auth/resend-recovery-email', { email }),
      ),
    )
    expect(requested.map((answer) => answer.status)).toEqual(emails.map(() => 200))

    const statuses = await deliverWhileReading(async (email) => {
      const mail = await kit.smtp.waitForMail(
        email,
        20_000,
        (candidate) => resetTokenIn(candidate.text, publicUrl) !== undefined,
      )
      const token = resetTokenIn(mail.text, publicUrl)
      const reset = await new ApiClient(kit.api.url).post('/api/v1/auth/reset-password', {
        token,
        password: 'a brand new passphrase',
      })
      return reset.status
    })
    expect(statuses).toEqual(emails.map(() => 200))
  })
})
