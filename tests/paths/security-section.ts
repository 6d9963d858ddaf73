import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'

/**
 * The profile page's "Sign-in and security" region, where the security panels' path tests
 * (passkeys, the authenticator app, recovery codes, the factors' actions) find what they drive.
 */
export const section = () => screen.getByRole('region', { name: 'Sign-in and security' })

/** The region's button named `name`. */
export const button = (name: string) => within(section()).getByRole('button', { name })

/** Waits until one of the region's status lines says exactly `text`. */
export const statusText = (text: string) =>
  waitFor(() =>
    expect(
      within(section())
        .getAllByRole('status')
        .some((s) => s.textContent === text),
    ).toBe(true),
  )
