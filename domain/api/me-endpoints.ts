import type { ChangePasswordInput, ProfileField } from '../accounts/account-schemas'
import type { Locale } from '../locales'
import type { SuccessBody } from './answers'
import { apiPrefix, endpoint } from './endpoint'
import type { PasskeySummary, SignInMethod } from './factor-methods'
import type { RecordedPayment, RequestPayments } from './payments-endpoints'
import type { Proposal } from './proposals-endpoints'
import type { ServiceRequestSummary } from './service-requests-endpoints'

/** What an account may do: every account is a `client`; the agency's staff are `admin`. */
export const userRoles = ['client', 'admin'] as const
export type UserRole = (typeof userRoles)[number]

/** What the API shows of a user: never the password hash, tokens or sessions. */
export type AccountUser = {
  readonly id: string
  readonly email: string
  readonly emailVerified: boolean
  /** `admin` opens the agency's inbox (`/admin`); the server checks it on every admin call. */
  readonly role: UserRole
  readonly locale: Locale
  readonly createdAt: string
  readonly profile: Readonly<Record<ProfileField, string>>
}

/** One of the user's sessions, as the sessions list shows it. */
export type SessionSummary = {
  readonly id: string
  readonly createdAt: string
  readonly lastSeenAt: string
  /** "Firefox on Windows", from the user agent. */
  readonly device: string
  /** The session of the request that asked. */
  readonly current: boolean
  /** How it signed in: password; password and an authenticator code; passkey; recovery code. */
  readonly signInMethod: SignInMethod
}

export type MeBody = { readonly success: true; readonly user: AccountUser }
export type SessionsBody = { readonly success: true; readonly sessions: readonly SessionSummary[] }
export type RevokedBody = SuccessBody & { readonly ended: number }
export type AccountExport = {
  readonly exportedAt: string
  readonly user: AccountUser
  readonly sessions: readonly SessionSummary[]
  /** The rest of what is stored about the user, as stored (the server always sends it). */
  readonly stored?: StoredAccountData
}

/** The export's full record: every row the account owns, secrets (hashes, tokens) left out. */
export type StoredAccountData = {
  readonly emailVerifiedAt: string | null
  readonly passwordChangedAt: string | null
  readonly sessions: readonly {
    readonly id: string
    readonly userAgent: string
    readonly remember: boolean
    readonly createdAt: string
    readonly lastSeenAt: string
    readonly expiresAt: string
  }[]
  /** Mails sent or waiting to be sent to the user. */
  readonly mails: readonly {
    readonly kind: string
    readonly status: string
    readonly createdAt: string
    readonly sentAt: string | null
  }[]
  /** Links mailed to the user (verification, password reset): when, until when, whether used. */
  readonly links: readonly {
    readonly purpose: 'email_verification' | 'password_reset'
    readonly createdAt: string
    readonly expiresAt: string
    readonly usedAt: string | null
  }[]
  /** The user's service requests, newest first, each with its history (oldest first). */
  readonly serviceRequests: readonly ServiceRequestSummary[]
  /** Every proposal version the user was sent (never a draft), by request, oldest first. */
  readonly proposals?: readonly Proposal[]
  /**
   * The records of the proposals the user accepted: what they typed, when, from which address
   * and user agent, the content as sent and its SHA-256. Kept five years after acceptance, even
   * once the account is deleted (the agency's tax records; see the privacy notice).
   */
  readonly proposalAcceptances?: readonly {
    readonly proposalId: string | null
    readonly requestId: string | null
    readonly fullName: string
    readonly ipAddress: string
    readonly userAgent: string
    readonly acceptedAt: string
    readonly retainUntil: string
    readonly contentSha256: string
    /** The canonical JSON text the hash is of. */
    readonly content: string
  }[]
  /**
   * Each request's instalments, the payments recorded (without the agency's notes) and the
   * credit, for the requests that have any. Older servers leave it out.
   */
  readonly payments?: readonly {
    readonly requestId: string
    readonly payments: RequestPayments<RecordedPayment>
  }[]
  /**
   * The second factors: passkeys (names and dates, never keys), whether an authenticator app is
   * on (never its secret), recovery codes left (never the codes). Older servers leave it out.
   */
  readonly factors?: {
    readonly passkeys: readonly PasskeySummary[]
    readonly totp: boolean
    readonly recoveryCodesLeft: number
  }
  /**
   * The conversations of those requests, oldest first per request: both sides' messages (never
   * the agency's internal notes) and their files' names, sizes and SHA-256 checksums (the files
   * themselves download from each request's page). This server always sends it.
   */
  readonly messages?: readonly {
    readonly requestId: string
    readonly side: 'client' | 'agency'
    readonly body: string
    readonly createdAt: string
    readonly files: readonly {
      readonly name: string
      readonly size: number
      readonly sha256: string
    }[]
  }[]
}

/**
 * `/api/v1/me*`: the signed-in user's own data. Every answer is no-store; without a live
 * session every one is 401 `unauthenticated`. "Step-up": 403 `reauthentication_required`
 * without a proof on this session in the last 10 minutes (domain/api/factors-endpoints.ts).
 */
export const meEndpoints = {
  /** The signed-in user. */
  me: endpoint<never, MeBody>()({
    method: 'GET',
    path: `${apiPrefix}/me`,
    status: 200,
    failures: ['unauthenticated'],
  }),
  /** Some of the profile fields. */
  updateProfile: endpoint<Partial<Record<ProfileField, string>>, MeBody>()({
    method: 'PATCH',
    path: `${apiPrefix}/me`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields'],
  }),
  /** Ends every other session and mails a notice (step-up); 400 `wrong_password`. */
  changePassword: endpoint<ChangePasswordInput>()({
    method: 'POST',
    path: `${apiPrefix}/me/password`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'wrong_password', 'reauthentication_required'],
  }),
  /**
   * Deletes the account and its data, signs out, mails a confirmation (step-up); 400
   * `wrong_password`.
   */
  deleteAccount: endpoint<{ readonly password: string }>()({
    method: 'DELETE',
    path: `${apiPrefix}/me`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'wrong_password', 'reauthentication_required'],
  }),
  /** Everything stored about the user, as a JSON download (step-up). */
  exportAccount: endpoint<never, AccountExport>()({
    method: 'GET',
    path: `${apiPrefix}/me/export`,
    status: 200,
    failures: ['unauthenticated', 'reauthentication_required'],
  }),
  /** The user's sessions. */
  sessions: endpoint<never, SessionsBody>()({
    method: 'GET',
    path: `${apiPrefix}/me/sessions`,
    status: 200,
    failures: ['unauthenticated'],
  }),
  /** Ends one of the user's sessions (404 when it is not theirs or already ended). */
  endSession: endpoint()({
    method: 'DELETE',
    path: `${apiPrefix}/me/sessions/:id`,
    status: 200,
    failures: ['unauthenticated', 'not_found'],
  }),
  /** Ends every session of the user but this one. */
  revokeOtherSessions: endpoint<Record<string, never>, RevokedBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/sessions/revoke-others`,
    status: 200,
    failures: ['unauthenticated'],
  }),
}
