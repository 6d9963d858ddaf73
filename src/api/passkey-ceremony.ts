import type {
  PasskeyAssertionJSON,
  PasskeyOptionsJSON,
  PasskeyRegistrationJSON,
} from '../../domain/api/api-contract'

/**
 * The browser's passkey dialogs (WebAuthn through SimpleWebAuthn), loaded only when a page
 * opens one: no public page downloads the library (tests/e2e/budget.test.ts). The options come
 * from the server as SimpleWebAuthn's server made them; the answers go back as they are. A
 * dialog the visitor closes rejects with `NotAllowedError` (machines/form-flow.ts reads it as
 * "cancelled", not as a failure).
 */

const webAuthn = () => import('@simplewebauthn/browser')

type RegistrationOptions = Parameters<
  Awaited<ReturnType<typeof webAuthn>>['startRegistration']
>[0]['optionsJSON']
type AuthenticationOptions = Parameters<
  Awaited<ReturnType<typeof webAuthn>>['startAuthentication']
>[0]['optionsJSON']

/** The dialog that creates a passkey for this site. */
export async function createPasskey(options: PasskeyOptionsJSON): Promise<PasskeyRegistrationJSON> {
  const { startRegistration } = await webAuthn()
  const response = await startRegistration({
    optionsJSON: options as unknown as RegistrationOptions,
  })
  return response as unknown as PasskeyRegistrationJSON
}

/** The dialog that signs with one of this site's passkeys. */
export async function signWithPasskey(options: PasskeyOptionsJSON): Promise<PasskeyAssertionJSON> {
  const { startAuthentication } = await webAuthn()
  const response = await startAuthentication({
    optionsJSON: options as unknown as AuthenticationOptions,
  })
  return response as unknown as PasskeyAssertionJSON
}

/**
 * The browser's own offer of this site's passkeys in the email field's autofill (conditional
 * mediation), where the browser has it: resolves when the visitor picks one, never when it
 * does not support it. Opening another passkey dialog cancels it.
 */
export async function offerPasskeysInAutofill(
  options: () => Promise<PasskeyOptionsJSON>,
): Promise<PasskeyAssertionJSON | undefined> {
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return undefined
  const { browserSupportsWebAuthnAutofill, startAuthentication } = await webAuthn()
  if (!(await browserSupportsWebAuthnAutofill())) return undefined
  const response = await startAuthentication({
    optionsJSON: (await options()) as unknown as AuthenticationOptions,
    useBrowserAutofill: true,
  })
  return response as unknown as PasskeyAssertionJSON
}
