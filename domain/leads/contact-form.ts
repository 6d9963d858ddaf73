import * as v from 'valibot'
import type { ServiceId } from '../services/service-table'
import { type ContactInput, createContactSchema } from './contact-schema'
import type { BudgetRange } from './lead-options'

/** What the contact form's controls hold (the payload less the fill time, consent unchecked). */
export type ContactFormValues = {
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly company: string
  readonly service: ServiceId | ''
  readonly budget: BudgetRange | ''
  readonly message: string
  readonly consent: boolean
  /** The honeypot: people never see it, so it stays empty. */
  readonly website: string
}

export const contactFormFields = [
  'name',
  'email',
  'phone',
  'company',
  'service',
  'budget',
  'message',
  'consent',
] as const satisfies readonly (keyof ContactFormValues)[]
export type ContactFormField = (typeof contactFormFields)[number]

export function emptyContactForm(service: ServiceId | '' = ''): ContactFormValues {
  return {
    name: '',
    email: '',
    phone: '',
    company: '',
    service,
    budget: '',
    message: '',
    consent: false,
    website: '',
  }
}

/** The schema decides validity only; its messages are the component's business. */
const schemaForValidity = createContactSchema((descriptor) => descriptor.id ?? '')

/** The payload the form sends: its values and how long the form was open. */
export function contactPayload(values: ContactFormValues, elapsedMs: number): ContactInput {
  return {
    ...values,
    // Only a checked box reaches the server once the schema passed; an unchecked one is sent as
    // it is and refused there like any other invalid field.
    consent: values.consent as true,
    budget: values.budget as ContactInput['budget'],
    elapsedMs: Math.max(0, Math.round(elapsedMs)),
  }
}

export function isValidContactForm(values: ContactFormValues): boolean {
  return v.safeParse(schemaForValidity, contactPayload(values, 0)).success
}
