import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { mexicanStateCodes, mexicanStateName } from '../../../domain/addresses/mexican-states'
import { ChoiceField } from '../form-field'
import { HydrateInTurn } from '../hydrate-in-turn'
import { countryCodesByName, countryName } from './country-names'

const labels = {
  state: msg`State`,
  statePrompt: msg`Select a state`,
  stateHint: msg`Needed for an address in Mexico; leave it unselected for another country.`,
  country: msg`Country`,
  countryPrompt: msg`Select a country`,
}

type AddressChoiceProps = {
  /** The form's name (the controls' id prefix). */
  readonly form: string
  readonly error: string | undefined
  readonly defaultValue: string
}

/**
 * The state of a Mexican address: the 32 states by name, sent as their ISO 3166-2:MX code
 * (shared by the registration and the profile, so both offer the same list).
 */
export function StateField({ form, error, defaultValue }: AddressChoiceProps) {
  const { _ } = useLingui()
  return (
    <ChoiceField
      form={form}
      name="state"
      label={_(labels.state)}
      hint={_(labels.stateHint)}
      error={error}
      prompt={_(labels.statePrompt)}
      promptSelectable
      choices={mexicanStateCodes}
      choiceLabel={mexicanStateName}
      defaultValue={defaultValue}
      autoComplete="address-level1"
    />
  )
}

/**
 * The country: every ISO 3166-1 country by its name in the page's language, sent as its code.
 * Hydrated in a task of its own (docs/decisions/024): 249 options, sorted by name with the
 * language's collation.
 */
export function CountryField(props: AddressChoiceProps) {
  return (
    <HydrateInTurn>
      <CountryChoice {...props} />
    </HydrateInTurn>
  )
}

function CountryChoice({ form, error, defaultValue }: AddressChoiceProps) {
  const { _, i18n } = useLingui()
  const name = (code: string) => countryName(i18n, code)
  return (
    <ChoiceField
      form={form}
      name="country"
      label={_(labels.country)}
      error={error}
      prompt={_(labels.countryPrompt)}
      choices={countryCodesByName(i18n)}
      choiceLabel={name}
      defaultValue={defaultValue}
      autoComplete="country"
    />
  )
}
