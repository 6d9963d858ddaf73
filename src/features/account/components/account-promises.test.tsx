import { cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Locale } from '../../../../domain/locales'
import { installFakeNetwork } from '../../../../tests/doubles/fake-network'
import { renderApp } from '../../../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => {
  cleanup()
  network.restore()
  localStorage.clear()
})

// The sign-in and register pages say only what an account does: request services and follow
// them in My services, keep a profile, manage sessions. No support desk, no billing.
const promisesNotKept: Record<Locale, readonly RegExp[]> = {
  en: [/support request/i, /billing/i],
  es: [/soporte/i, /facturaci[oó]n/i],
}

describe('what the account pages promise', () => {
  for (const locale of ['en', 'es'] as const) {
    for (const path of ['/login', '/register']) {
      it(`${path} (${locale}) mentions neither support requests nor billing`, async () => {
        network = installFakeNetwork()
        await renderApp(path, { locale })
        const description =
          document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''
        const text = `${document.querySelector('main')?.textContent ?? ''} ${description}`
        expect(text).toMatch(locale === 'en' ? /My services/ : /Mis servicios/)
        for (const phrase of promisesNotKept[locale]) expect(text).not.toMatch(phrase)
      })
    }
  }
})
