import { type ContactFormValues, emptyContactForm } from '../../domain/leads/contact-form'
import type { contactFormMachine } from '../../machines/contact-form-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, refused, unreachable } from './api-answers'

/** What the contact form's generated paths submit and what the network answers, per state. */

export const contactValues: ContactFormValues = {
  ...emptyContactForm('e-commerce'),
  name: 'Lucía Hernández',
  email: 'lucia@example.com',
  budget: '25k-75k',
  message: 'We sell coffee in Puebla and would like an online shop.',
  consent: true,
}
export const untouchedContact = emptyContactForm('e-commerce')

// The form as it opens. Once a budget is chosen, the page offers no way back to none (its
// prompt is disabled), so the untouched form is sent only before anything was sent.
const isUntouched = (values: ContactFormValues) =>
  (Object.keys(untouchedContact) as (keyof ContactFormValues)[]).every(
    (name) => values[name] === untouchedContact[name],
  )

export const contactPathEvents: PathEvents<typeof contactFormMachine> = (snapshot) => {
  if (snapshot.matches('editing'))
    return snapshot.context.refusedSubmissions === 0 && isUntouched(snapshot.context.values)
      ? [
          { type: 'submit', values: contactValues },
          { type: 'submit', values: untouchedContact },
        ]
      : [{ type: 'submit', values: contactValues }]
  // Each refusal counts (it moves focus again), so the server refuses fields only once per
  // path: the planner's state space stays finite.
  if (snapshot.matches('submitting'))
    return [
      {
        type: 'xstate.done.actor.sendEnquiry',
        output: accepted(
          'Thank you! We have your message and will answer within one business day.',
        ),
      },
      ...(snapshot.context.refusedSubmissions === 0
        ? [
            {
              type: 'xstate.error.actor.sendEnquiry' as const,
              error: refused(400, 'invalid_fields', 'Some fields are missing or invalid.', {
                email: 'Enter an email address that can receive mail.',
              }),
            },
          ]
        : []),
      {
        type: 'xstate.error.actor.sendEnquiry',
        error: refused(429, 'rate_limited', 'Too many attempts. Please try again in 3540 seconds.'),
      },
      // A failure with the server's text (shown instead of the page's own), and one with none.
      {
        type: 'xstate.error.actor.sendEnquiry',
        error: refused(
          500,
          'server_error',
          'Something went wrong on our side. Please try again in a moment.',
        ),
      },
      { type: 'xstate.error.actor.sendEnquiry', error: unreachable() },
    ]
  return []
}
