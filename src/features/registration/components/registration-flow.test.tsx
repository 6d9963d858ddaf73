import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../../../tests/paths/render-app'
import { setLanguage } from '../../../i18n/language-preference'

afterEach(async () => {
  await act(() => setLanguage('en'))
})

describe('the registration form', () => {
  it('translates its messages again when the language changes', async () => {
    await renderApp('/register')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.')
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(10)

    await act(() => setLanguage('es'))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Revisa los campos marcados.'),
    )
    expect(screen.getAllByText('Este campo es obligatorio.').length).toBeGreaterThan(10)
    expect(screen.queryByText('This field is required.')).toBeNull()
  })

  it('says what is wrong with an accented address instead of asking to fill in the fields', async () => {
    await renderApp('/register')
    await userEvent.type(screen.getByLabelText('Email address'), 'maría.lópez@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    const field = screen.getByLabelText('Email address')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    const described = field.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(described.split(' ').at(-1) ?? '')?.textContent).toBe(
      'This address contains accents or letters such as ñ, which many mail servers cannot deliver to. Use an address without them.',
    )
    expect(screen.getByRole('alert').textContent).not.toMatch(/fill in/)
  })

  it('controls are named after the payload, labelled, with autofill tokens; the interior number and the state are optional', async () => {
    await renderApp('/register')
    const expected: Record<string, [string, string, boolean]> = {
      email: ['Email address', 'email', true],
      password: ['Password', 'new-password', true],
      name: ['First name', 'given-name', true],
      lastName: ['Last name', 'family-name', true],
      phone: ['Phone number', 'tel', true],
      gender: ['Gender', 'sex', true],
      birthDate: ['Date of birth', 'bday', true],
      street: ['Street', 'address-line1', true],
      exteriorNumber: ['Exterior number', 'on', true],
      interiorNumber: ['Interior number (optional)', 'address-line2', false],
      postalCode: ['Postal code', 'postal-code', true],
      state: ['State', 'address-level1', false],
      country: ['Country', 'country', true],
    }
    for (const [name, [label, autocomplete, required]] of Object.entries(expected)) {
      const control = screen.getByLabelText(label)
      expect(
        [
          control.getAttribute('name'),
          control.getAttribute('autocomplete'),
          control.hasAttribute('required'),
        ],
        name,
      ).toEqual([name, autocomplete, required])
    }
    const placeholder = screen.getByRole('option', {
      name: 'Select an option',
    }) as HTMLOptionElement
    expect(placeholder.disabled).toBe(true)
    expect(placeholder.selected).toBe(true)
    // Mexico by default; its 32 states by name, sent as their ISO 3166-2:MX codes.
    const country = screen.getByLabelText('Country') as HTMLSelectElement
    expect([country.value, country.selectedOptions[0]?.textContent]).toEqual(['MX', 'Mexico'])
    expect(country.options.length).toBe(250)
    const state = screen.getByLabelText('State') as HTMLSelectElement
    expect(state.value).toBe('')
    expect(state.options.length).toBe(33)
    const jalisco = [...state.options].find((option) => option.textContent === 'Jalisco')
    expect(jalisco?.value).toBe('JAL')
  })
})

describe('the reset-password page', () => {
  it('without a token in the link, says the link is incomplete and offers a new mail', async () => {
    await renderApp('/reset-password')
    await screen.findByText(
      'This reset link is incomplete. Open the link from the email again, or ask for a new one.',
    )
    expect(
      screen.getByRole('link', { name: 'Ask for a new recovery email' }).getAttribute('href'),
    ).toBe('/register')
    expect(screen.queryByLabelText('New password')).toBeNull()
  })
})
