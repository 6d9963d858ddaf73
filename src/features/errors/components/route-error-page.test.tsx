import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { activateLocale } from '../../../i18n/i18n'
import { RouteErrorPage } from './route-error-page'

function renderError(error: unknown) {
  return render(
    <I18nProvider i18n={i18n}>
      <RouteErrorPage error={error as Error} reset={() => {}} />
    </I18nProvider>,
  )
}

describe('RouteErrorPage', () => {
  beforeAll(() => activateLocale('en'))

  it('shows the "Unexpected Application Error!" heading and the thrown message', () => {
    renderError(new Error('Database unreachable'))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Unexpected Application Error!',
    )
    expect(screen.getByRole('alert').textContent).toContain('Database unreachable')
  })

  it('shows the status of a thrown response', () => {
    renderError({ status: 503, statusText: 'Service Unavailable' })
    expect(screen.getByRole('alert').textContent).toContain('503 Service Unavailable')
  })

  it('is translated', async () => {
    await activateLocale('es')
    renderError(new Error('x'))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '¡Error inesperado de la aplicación!',
    )
    await activateLocale('en')
  })
})
