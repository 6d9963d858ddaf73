/** How a session signed in (shown in the sessions list). */
export const signInMethods = ['password', 'passwordAndCode', 'passkey', 'recoveryCode'] as const
export type SignInMethod = (typeof signInMethods)[number]

/** What the second step of a sign-in (or a step-up) may use, as the account has them. */
export const secondFactorMethods = ['totp', 'recoveryCode', 'passkey'] as const
export type SecondFactorMethod = (typeof secondFactorMethods)[number]

/** One of the user's passkeys. */
export type PasskeySummary = {
  readonly id: string
  /** The name the user gave it. */
  readonly name: string
  readonly createdAt: string
  /** null until it signs in (or proves) once. */
  readonly lastUsedAt: string | null
}
