import { describe, expect, it } from 'vitest'
import { mailKind, mailKindRegistry } from './mail/mail-kind'
import { mailKinds } from './mail-kinds'

describe('the mail kinds registry', () => {
  it('holds every kind of mail the API sends, each once', () => {
    expect([...mailKinds.keys()].sort()).toEqual([
      'account_deleted',
      'contact_acknowledgement',
      'contact_agency',
      'email_verification',
      'factor_passkey_added',
      'factor_passkey_removed',
      'factor_recovery_codes_regenerated',
      'factor_totp_disabled',
      'factor_totp_enabled',
      'password_changed',
      'password_recovery',
      'proposal_accepted',
      'proposal_declined',
      'proposal_sent',
      'request_acknowledgement',
      'request_agency',
      'request_status',
      'request_withdrawn_agency',
      'thread_digest_agency',
      'thread_digest_client',
    ])
  })

  it('refuses a kind declared twice, and a name SQL could not quote as it is', () => {
    const notice = mailKind({ name: 'notice', references: 'none', compose: () => undefined })
    expect(() => mailKindRegistry([notice, notice])).toThrow('declared twice')
    expect(() =>
      mailKind({ name: "x'; --", references: 'none', compose: () => undefined }),
    ).toThrow('not a-z_')
  })

  it('gives the link mails their links’ lifetimes, and only the deletion notice is deleted when done', () => {
    const lifetimes = [...mailKinds.values()]
      .filter((kind) => kind.linkLifetimeSeconds !== undefined)
      .map((kind) => [kind.name, kind.linkLifetimeSeconds])
    expect(lifetimes).toEqual([
      ['email_verification', 24 * 60 * 60],
      ['password_recovery', 60 * 60],
    ])
    expect(
      [...mailKinds.values()].filter((kind) => kind.deleteWhenDone).map((k) => k.name),
    ).toEqual(['account_deleted'])
  })
})
