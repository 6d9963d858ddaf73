import { describe, expect, it } from 'vitest'
import { auditLines } from './audit-logs'

describe('the log audit', () => {
  it('counts events and passes clean lines (masked addresses, request ids, account ids)', () => {
    const audit = auditLines(
      [
        '{"level":"info","requestId":"0b6c1f0e-7d0a-4a57-9a3e-2f1d7c9b8e11","event":"auth.register","ip":"10.0.0.1","accountId":"7d9f0c55-1b1e-4c59-9d1a-0b7b0f6c2a10"}',
        '{"level":"info","msg":"Mail #4 (password_recovery, en) delivered to a***@example.com"}',
        '{"level":"info","event":"http.request","path":"/api/v1/auth/register","status":201}',
      ].join('\n'),
    )
    expect(audit.violations).toEqual([])
    expect(audit.events).toEqual({ 'auth.register': 1, 'http.request': 1 })
  })
  it('flags passwords, tokens, session ids, full addresses and unredacted secret keys', () => {
    const lines = [
      '{"msg":"failed for ana.garcia@example.com"}',
      '{"msg":"token Xq1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ_-abcd"}',
      '{"cookie":"sid=abc"}',
      '{"body":{"password":"whatever"}}',
      '{"msg":"hash $argon2id$v=19$m=19456"}',
      '{"msg":"tried violet harbour lantern"}',
    ]
    const audit = auditLines(lines.join('\n'))
    const flaggedLines = new Set(audit.violations.map((v) => v.split(':')[1]))
    expect(flaggedLines).toEqual(new Set(['1', '2', '3', '4', '5', '6']))
  })
  it('flags an address an SMTP server quoted in its refusal, whatever its letters, and passes masked ones', () => {
    const refused = [
      '{"level":"info","msg":"Mail #7 to r***@example.com not delivered (attempt 1): Can\'t send mail - all recipients were rejected: 550 5.1.1 <Refused.42@example.com>: Recipient address rejected: User unknown"}',
      '{"level":"warn","error":"550 <josé@correo.example.mx>: mailbox unavailable"}',
      '{"level":"warn","error":"550 <o\'brien@example.ie>"}',
    ]
    expect(auditLines(refused.join('\n')).violations).toEqual([
      'log:1: a full email address',
      'log:2: a full email address',
      'log:3: a full email address',
    ])
    const masked = [
      '{"level":"info","msg":"Mail #7 to r***@example.com not delivered (attempt 1): 550 5.1.1 <R***@example.com>: Recipient address rejected"}',
      '{"level":"warn","error":"550 <j***@correo.example.mx>"}',
      '{"level":"info","msg":"vitest@4.1.12 ready"}',
    ]
    expect(auditLines(masked.join('\n')).violations).toEqual([])
  })
})
