import { msg } from '@lingui/core/macro'
import type { RegistrationField } from '../../../../domain/registration/registration-schema'
import type { TextFieldSpec } from '../../../ui/form-field'

/** How each text field of the form is presented; the selects (gender, state, country) apart. */
export type RegistrationTextField = TextFieldSpec<
  Exclude<RegistrationField, 'gender' | 'state' | 'country'>
>

export const accountFields: readonly RegistrationTextField[] = [
  { name: 'email', label: msg`Email address`, type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: msg`Password`,
    type: 'password',
    autoComplete: 'new-password',
    hint: msg`At least 8 characters. A few unrelated words make a strong password that is easy to remember.`,
  },
]

export const personFields: readonly RegistrationTextField[] = [
  { name: 'name', label: msg`First name`, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: msg`Last name`, type: 'text', autoComplete: 'family-name' },
  { name: 'phone', label: msg`Phone number`, type: 'tel', autoComplete: 'tel' },
]

export const birthDateField: RegistrationTextField = {
  name: 'birthDate',
  label: msg`Date of birth`,
  type: 'date',
  autoComplete: 'bday',
}

// Mexican addresses: colonia is the third administrative level (address-level3), the
// municipality the second, the state (a select, after these) the first; street numbers have no
// autofill token of their own. The exterior number is part of nearly every address, the
// interior one of few.
export const addressFields: readonly RegistrationTextField[] = [
  { name: 'street', label: msg`Street`, type: 'text', autoComplete: 'address-line1' },
  {
    name: 'exteriorNumber',
    label: msg`Exterior number`,
    type: 'text',
    autoComplete: 'on',
    hint: msg`Write S/N if the building has no number.`,
  },
  {
    name: 'interiorNumber',
    label: msg`Interior number`,
    type: 'text',
    autoComplete: 'address-line2',
    optional: true,
  },
  {
    name: 'neighborhood',
    label: msg`Neighborhood (colonia)`,
    type: 'text',
    autoComplete: 'address-level3',
  },
  { name: 'municipality', label: msg`Municipality`, type: 'text', autoComplete: 'address-level2' },
  { name: 'postalCode', label: msg`Postal code`, type: 'text', autoComplete: 'postal-code' },
  { name: 'city', label: msg`City`, type: 'text', autoComplete: 'address-level2' },
]

export const genderPlaceholder = msg`Select an option`

export const genderLabels = {
  Male: msg`Male`,
  Female: msg`Female`,
  PreferNotToSay: msg`Prefer not to say`,
} as const
