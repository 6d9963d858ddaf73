import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment } from 'react'
import { mexicanStateName } from '../../../domain/addresses/mexican-states'
import type { PostalAddress } from '../../../domain/addresses/postal-address'
import { countryName } from '../../ui/address/country-names'

/**
 * A client's postal address as it is written in Mexico, a line for each part the account has:
 * street and exterior number (and the interior one, when there is one); the neighbourhood
 * (colonia); the postal code and the municipality (and the city, when it is another); the state
 * and the country by name (the account holds their ISO codes).
 */
export function ClientAddress({ address }: { readonly address: PostalAddress }) {
  const { i18n } = useLingui()
  const { street, exteriorNumber, interiorNumber, neighborhood, municipality, city } = address
  const place = [municipality, city === municipality ? '' : city].filter(Boolean).join(', ')
  const region = [
    address.state === '' ? '' : mexicanStateName(address.state),
    address.country === '' ? '' : countryName(i18n, address.country),
  ].filter(Boolean)
  const streetLine = [street, exteriorNumber].filter(Boolean).join(' ')
  const lines = [
    streetLine === '' ? null : (
      <>
        {streetLine}
        {interiorNumber === '' ? null : (
          <>
            {', '}
            <Trans>interior {interiorNumber}</Trans>
          </>
        )}
      </>
    ),
    neighborhood === '' ? null : neighborhood,
    [address.postalCode, place].filter(Boolean).join(' ') || null,
    region.length === 0 ? null : region.join(', '),
  ].filter((line) => line !== null)
  return (
    <address className="client-address">
      {lines.map((line, index) => (
        // The lines are fixed in order: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </address>
  )
}

/** A phone number as a `tel:` link: only its digits and a leading `+` are dialled. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return `tel:${digits}`
}
