import type { PoolClient } from 'pg'
import type { Locale } from '../../domain/locales'
import {
  hashRecoveryToken,
  newRecoveryToken,
  recoveryTokenLifetimeMinutes,
} from '../security/recovery-tokens'
import {
  hashVerificationToken,
  newVerificationToken,
  verificationTokenLifetimeHours,
} from '../security/verification-tokens'
import { composeVerificationEmail, verificationLink } from './account-emails'
import type { ComposedMail } from './compose-mail'
import { composeRecoveryEmail, resetLink } from './recovery-email'

/**
 * The link tokens of the outbox's recovery and verification mails. A token is stored (its hash
 * only) and committed before its mail is handed to SMTP, so the link works the moment the mail
 * can be read; the account's older links are retired only once the new mail is marked sent, so
 * a failed attempt leaves the previous link working.
 */

type TokenTable = 'password_reset_tokens' | 'email_verification_tokens'

/** A token minted for one mail: enough to retire the account's others, or to delete it. */
export type MintedLink = {
  readonly table: TokenTable
  readonly userId: string
  readonly tokenHash: string
}

export type LinkMail = { readonly mail: ComposedMail; readonly link: MintedLink }

/** A recovery mail with a fresh 60-minute token, or undefined when the account is gone. */
export async function mintRecoveryMail(
  client: PoolClient,
  userId: string,
  locale: Locale,
  publicUrl: string,
): Promise<LinkMail | undefined> {
  const token = newRecoveryToken()
  const tokenHash = hashRecoveryToken(token)
  const stored = await client.query<{ name: string }>(
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
     SELECT id, $2, now() + make_interval(mins => $3) FROM users WHERE id = $1
     RETURNING (SELECT name FROM users WHERE id = $1) AS name`,
    [userId, tokenHash, recoveryTokenLifetimeMinutes],
  )
  const name = stored.rows[0]?.name
  if (!stored.rowCount) return undefined
  return {
    mail: composeRecoveryEmail({ locale, publicUrl }, resetLink(publicUrl, token), name),
    link: { table: 'password_reset_tokens', userId, tokenHash },
  }
}

/**
 * A verification mail with a fresh 24-hour token, or undefined when the address was confirmed
 * in the meantime (or the account is gone).
 */
export async function mintVerificationMail(
  client: PoolClient,
  userId: string,
  locale: Locale,
  publicUrl: string,
): Promise<LinkMail | undefined> {
  const token = newVerificationToken()
  const tokenHash = hashVerificationToken(token)
  const stored = await client.query<{ name: string }>(
    `INSERT INTO email_verification_tokens (user_id, token_hash, expires_at)
     SELECT id, $2, now() + make_interval(hours => $3) FROM users
     WHERE id = $1 AND email_verified_at IS NULL
     RETURNING (SELECT name FROM users WHERE id = $1) AS name`,
    [userId, tokenHash, verificationTokenLifetimeHours],
  )
  const name = stored.rows[0]?.name
  if (!stored.rowCount) return undefined
  return {
    mail: composeVerificationEmail({ locale, publicUrl }, verificationLink(publicUrl, token), name),
    link: { table: 'email_verification_tokens', userId, tokenHash },
  }
}

/** The mail went out: only its link works from now on (older unused ones are retired). */
export async function retireOlderLinks(client: PoolClient, link: MintedLink): Promise<void> {
  await client.query(
    `UPDATE ${link.table} SET used_at = now()
     WHERE user_id = $1 AND used_at IS NULL AND token_hash <> $2`,
    [link.userId, link.tokenHash],
  )
}

/** The mail was refused: its token was never read by anyone and must not linger. */
export async function deleteLink(client: PoolClient, link: MintedLink): Promise<void> {
  await client.query(`DELETE FROM ${link.table} WHERE token_hash = $1`, [link.tokenHash])
}
