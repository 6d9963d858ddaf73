import type { RegistrationValues } from '../../domain/registration/registration-schema'
import type { registrationMachine } from '../../machines/registration-machine'
import { validRegistration } from '../fixtures/registration'
import type { PathEvents } from '../paths/path-plan'
import { accepted, offContract, refused, unreachable } from './api-answers'

/**
 * What the registration flow's generated paths submit and what the network answers, per
 * state: one table for the jsdom paths and the Chromium paths, so both drive the same plan
 * with the API contract's own bodies.
 */

/** The shared valid registration with short texts (the jsdom paths type every character). */
export const pathRegistration: RegistrationValues = {
  ...validRegistration,
  password: 'long enough pw',
  lastName: 'Ruiz',
  phone: '5512345678',
  street: 'Reforma',
  city: 'CDMX',
}
/** Everything but the email: the summary and one message show, focus goes to the email field. */
export const missingEmail: RegistrationValues = { ...pathRegistration, email: '' }
/** An accented address: refused before sending, with a message that says why. */
export const accentedEmail: RegistrationValues = {
  ...pathRegistration,
  email: 'maría.lópez@example.com',
}

/** The email field's message after the form refused `values` (one of the two above). */
export function refusedEmailMessage(values: Partial<RegistrationValues>): string {
  return values.email
    ? 'This address contains accents or letters such as ñ, which many mail servers cannot deliver to. Use an address without them.'
    : 'This field is required.'
}

/** The server's own validation (the body server/auth/register.test.ts checks). */
export const serverEmailMessage = 'Enter a valid email address, like name@example.com.'
const serverRefusal = refused(400, 'invalid_fields', 'Some fields are missing or invalid.', {
  email: serverEmailMessage,
})

export const registrationPathEvents: PathEvents<typeof registrationMachine> = (snapshot) => {
  if (snapshot.matches('form')) {
    // One refused submission is enough: each refusal counts up, so offering it again and
    // again would make the graph endless.
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', values: pathRegistration },
          { type: 'submit', values: missingEmail },
          { type: 'submit', values: accentedEmail },
        ]
      : [{ type: 'submit', values: pathRegistration }]
  }
  if (snapshot.matches('submitting')) {
    return [
      { type: 'xstate.done.actor.registerUser', output: accepted('Registration successful!') },
      {
        type: 'xstate.done.actor.registerUser',
        output: offContract({ success: false, message: 'Registrations are closed today.' }),
      },
      { type: 'xstate.error.actor.registerUser', error: refused(409, 'already_registered', 'x') },
      {
        type: 'xstate.error.actor.registerUser',
        error: refused(500, 'server_error', 'Something went wrong on our side.'),
      },
      // Its per-field messages show on the form after "Try again".
      { type: 'xstate.error.actor.registerUser', error: serverRefusal },
      { type: 'xstate.error.actor.registerUser', error: unreachable() },
    ]
  }
  if (snapshot.matches('resending')) {
    return [
      {
        type: 'xstate.done.actor.resendRecoveryEmail',
        output: accepted('Recovery email has been sent successfully.'),
      },
      // An older server's 200 without success: with its reason (shown), and with none.
      {
        type: 'xstate.done.actor.resendRecoveryEmail',
        output: offContract({ success: false, error: 'The recovery email could not be sent.' }),
      },
      { type: 'xstate.done.actor.resendRecoveryEmail', output: offContract({ success: false }) },
      {
        type: 'xstate.error.actor.resendRecoveryEmail',
        error: refused(429, 'rate_limited', 'Too many attempts.'),
      },
    ]
  }
  return []
}
