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
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields.')
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(10)

    await act(() => setLanguage('es'))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Por favor, completa todos los campos obligatorios.',
      ),
    )
    expect(screen.getAllByText('Este campo es obligatorio.').length).toBeGreaterThan(10)
    expect(screen.queryByText('This field is required.')).toBeNull()
  })

  it('controls are named after the payload, labelled, with autofill tokens; exteriorNumber alone is optional', async () => {
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
      exteriorNumber: ['Exterior number (optional)', 'on', false],
      interiorNumber: ['Interior number', 'address-line2', true],
      postalCode: ['Postal code', 'postal-code', true],
      country: ['Country', 'country-name', true],
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
