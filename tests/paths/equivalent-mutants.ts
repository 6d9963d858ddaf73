/**
 * Mutants no test can kill because they do not change what the machine does, each with the
 * reason (ids as tests/paths/machine-mutants.ts makes them). `npm run test:paths -- --mutate`
 * reports a surviving mutant listed here as equivalent, and fails on a survivor that is not:
 * a survivor is either killed by a better path test or explained here. Keep the reasons
 * checkable: name what makes the changed machine behave exactly as the real one.
 */
export const equivalentMutants: Readonly<Record<string, string>> = {
  'changePassword:skip:validating.always#0/actions#0':
    'validating is entered from form or wrongPassword, and no message is ever held there: the only action that sets one (showServerText) leads to error, whose only way out (retry) forgets it, and changed, wrongPassword and a declined proof set none; forgetting an absent message changes nothing',
  'deleteAccount:skip:wrongPassword.cancel#0/actions#0':
    'wrongPassword is entered only by the wrong-password answer, which forgets everything (password, refusals, message) on the way in, and its only event that changes the context (submit) leaves it: on cancel there, forget finds the context already forgotten',
  'registration:skip:submitting.xstate.error.actor.registerUser#0/actions#0':
    'no message is ever held in submitting: form is entered at the start, by retry (which forgets it) or by edit from registered, which itself is entered only from submitting; the messages set by the resend (resendFailed, resent) never lead back to registered or the form; forgetting an absent message changes nothing',
  'recoveryCodes:skip:idle.regenerate#0/actions#0':
    'no message is ever held in idle: the only action that sets one (showServerText) leads to rateLimited or error, whose only way out (retry) forgets it, and the other ways into idle (a declined proof, cancel, done) come from states that hold none; forgetting an absent message changes nothing',
}
