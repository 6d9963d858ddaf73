import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLines } from '../../scripts/audit-logs'
import { createOutboxWorker, type OutboxWorker } from '../mail/outbox-worker'
import { createSmtpSender } from '../mail/smtp-transport'
import { mailKinds } from '../mail-kinds'
import { type SmtpCatcher, startSmtpCatcher } from '../test/smtp-catcher'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { testLogger } from '../test/test-log'
import { describeError } from './describe-error'
import { createLogger, type Logger, logLine } from './logger'
import { maskEmail, maskEmailsIn } from './mask-email'

/** A logger whose lines stay in memory, for the test to read. */
function memoryLogger(): { logger: Logger; text: () => string } {
  const lines: string[] = []
  const logger = createLogger({ destination: { write: (line: string) => lines.push(line) } })
  return { logger, text: () => lines.join('') }
}

describe('masking addresses', () => {
  it('masks one address, and every address in a text, Unicode and odd local parts included', () => {
    expect(maskEmail('ana@example.com')).toBe('a***@example.com')
    expect(maskEmail('nope')).toBe('***')
    expect(
      maskEmailsIn(
        '550 5.1.1 <Ana.Garcia+web@example.com>: Recipient address rejected; cc josé@correo.example.mx, o%x@example.org',
      ),
    ).toBe(
      '550 5.1.1 <A***@example.com>: Recipient address rejected; cc j***@correo.example.mx, o***@example.org',
    )
    // Masking twice changes nothing; what is not an address stays.
    expect(maskEmailsIn('to a***@example.com')).toBe('to a***@example.com')
    expect(maskEmailsIn('vitest@4.1.12 @scope/name user@localhost')).toBe(
      'vitest@4.1.12 @scope/name user@localhost',
    )
  })

  it('describeError masks what an error quotes', () => {
    const refused = new Error(
      "Can't send mail - all recipients were rejected: 550 <ana@example.com>",
    )
    expect(describeError(refused)).toBe(
      "Can't send mail - all recipients were rejected: 550 <a***@example.com>",
    )
    const cause = new Error('Key (email)=(ana@example.com) already exists.')
    expect(describeError(new Error('Failed query', { cause }))).toContain('(a***@example.com)')
  })

  it('the logger masks every string of a line: message, fields, nested fields and errors', () => {
    const { logger, text } = memoryLogger()
    const fields = { detail: { reply: '550 <ana@example.com>' }, list: ['bob@example.org'] }
    logger.info('Mail to carla@example.net refused')
    logger.warn(fields, 'for dan@example.com')
    logger.error({ error: new Error('no such user eva@example.com') })
    const written = text()
    expect(written).toContain('Mail to c***@example.net refused')
    expect(written).toContain('550 <a***@example.com>')
    expect(written).toContain('b***@example.org')
    expect(written).toContain('d***@example.com')
    expect(written).toContain('no such user e***@example.com')
    expect(auditLines(written).violations).toEqual([])
    // The caller's object is not changed.
    expect(fields.detail.reply).toBe('550 <ana@example.com>')
  })
})

const [embedded] = testBackends()

describe('an SMTP server refusing a recipient, quoting the address', () => {
  let database: TestDatabase
  let smtp: SmtpCatcher
  let sender: ReturnType<typeof createSmtpSender>
  let worker: OutboxWorker
  const memory = memoryLogger()
  beforeAll(async () => {
    if (!embedded) throw new Error('no test backend')
    database = await createTestDatabase(embedded)
    smtp = await startSmtpCatcher()
    smtp.setMode('refuse-recipient')
    sender = createSmtpSender(smtp.url, '"Puente Digital" <no-reply@agency.example>')
    // The run's log too, which `npm test` audits (scripts/audit-logs.ts).
    const toRunLog = logLine(testLogger())
    const toMemory = logLine(memory.logger)
    worker = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: sender.send,
      publicUrl: 'https://agency.example',
      log: (line) => {
        toRunLog(line)
        toMemory(line)
      },
    })
  })
  afterAll(async () => {
    await worker?.stop()
    sender?.close()
    await smtp?.close()
    await database?.drop()
  })

  it('logs the refusal with the address masked, where an unmasked one would fail the audit', async () => {
    const recipient = `refused.${process.pid}@example.com`
    // What the server answers really quotes the address: unmasked, the audit flags it.
    const refusal = await sender
      .send({ to: recipient, subject: 'x', text: 'x', html: '<p>x</p>' })
      .then(
        () => '',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
    expect(refusal).toContain(`<${recipient}>: Recipient address rejected`)
    expect(auditLines(JSON.stringify({ level: 'warn', msg: refusal })).violations).toEqual([
      'log:1: a full email address',
    ])

    await database.pool.query(
      `INSERT INTO mail_outbox (kind, recipient, locale) VALUES ('account_deleted', $1, 'en')`,
      [recipient],
    )
    expect(await worker.deliverDue()).toBe(0)
    expect(smtp.rejected).toBeGreaterThanOrEqual(2)
    const written = memory.text()
    expect(written).toContain('Recipient address rejected')
    expect(written).toContain('<r***@example.com>')
    expect(written).not.toContain(recipient)
    expect(auditLines(written).violations).toEqual([])
  })
})
