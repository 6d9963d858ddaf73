import type { Pool } from 'pg'
import type { Translate } from '../../domain/forms/translate'
import type { Locale } from '../../domain/locales'
import type { Db } from '../db/database'
import type { RequestVariables } from '../log/request-log'
import type { ProxyTrust } from '../security/client-ip'
import type { HashSlots } from '../security/hash-slots'
import type { RateLimiter } from '../security/rate-limit'
import type { RelyingParty } from '../security/webauthn'
import type { RenderedPages } from '../site/rendered-pages'
import type { FileBytes } from '../storage/file-bytes'
import type { RateRules } from './rate-rules'

/** Per-request values every API route shares (Hono context variables). */
export type ApiEnv = { Variables: RequestVariables & { locale: Locale; t: Translate } }

/** Told about each mail put in the outbox (to deliver it now, or to log that it waits). */
export type MailNotifier = { queued(outboxId: number): void }

export type ApiDeps = {
  readonly pool: Pool
  readonly db: Db
  readonly xsrfKey: Buffer
  readonly rateLimiter: RateLimiter
  readonly rateRules: RateRules
  readonly mail: MailNotifier
  readonly trustProxy: ProxyTrust
  /** The cap on concurrent argon2 hashes (503 when it is full). */
  readonly hashSlots: HashSlots
  /** AES-256-GCM key sealing authenticator-app secrets (server/security/secret-box.ts). */
  readonly factorKey: Buffer
  /** Uploaded files' bytes: where new ones go, and each one read from where its row says. */
  readonly files: FileBytes
  /** Who passkeys are made for: PUBLIC_URL's host and origin, and the site's name. */
  readonly relyingParty: RelyingParty
  /**
   * The public pages a publish renders again (server/site/rendered-pages.ts); without it (a
   * test's API without the site) a publish changes the content only.
   */
  readonly published?: RenderedPages
  /** "Today" for the birth-date rule; injectable for tests. */
  readonly today?: () => Date
  /** The clock of sessions and verification links (default: the system's); tests move it. */
  readonly now?: () => Date
}
