import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react'
import type { ProfileField } from '../../../domain/accounts/account-schemas'

/** How the profile form presents each field (the registration's labels and autofill tokens). */
export type ProfileFieldSpec = {
  readonly name: ProfileField
  readonly label: MessageDescriptor
  readonly type: HTMLInputTypeAttribute
  readonly autoComplete: HTMLInputAutoCompleteAttribute
}

export const profileFieldSpecs: readonly ProfileFieldSpec[] = [
  { name: 'name', label: msg`First name`, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: msg`Last name`, type: 'text', autoComplete: 'family-name' },
  { name: 'phone', label: msg`Phone number`, type: 'tel', autoComplete: 'tel' },
  { name: 'gender', label: msg`Gender`, type: 'select', autoComplete: 'sex' },
  { name: 'birthDate', label: msg`Date of birth`, type: 'date', autoComplete: 'bday' },
  { name: 'street', label: msg`Street`, type: 'text', autoComplete: 'address-line1' },
  { name: 'exteriorNumber', label: msg`Exterior number`, type: 'text', autoComplete: 'on' },
  {
    name: 'interiorNumber',
    label: msg`Interior number`,
    type: 'text',
    autoComplete: 'address-line2',
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
  { name: 'state', label: msg`State`, type: 'select', autoComplete: 'address-level1' },
  { name: 'country', label: msg`Country`, type: 'select', autoComplete: 'country' },
]

export const genderLabels = {
  Male: msg`Male`,
  Female: msg`Female`,
  PreferNotToSay: msg`Prefer not to say`,
} as const
