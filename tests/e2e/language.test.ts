import { describe, expect, it } from 'vitest'
import { withBrowser } from './fixtures'
import { waitForHydration } from './navigation-helpers'

const { open, baseURL } = withBrowser()

describe('language', () => {
  it('a Spanish service path renders Spanish, sets <html lang="es"> and stores app-language=es; / then stays Spanish', async () => {
    const { page } = await open('/servicios/desarrollo-web')
    await page.getByRole('heading', { level: 1, name: 'Desarrollo web' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    // The heading is prerendered: the app stores the language once its script has run.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('app-language'))).toBe('es')

    await page.goto('/')
    await page.locator('main h1').waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    await page.getByRole('link', { name: 'Contacto' }).first().waitFor()

    await page.goto('/services/web-development')
    await page.getByRole('heading', { level: 1, name: 'Web development' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('app-language'))).toBe('en')
  })

  it('with nothing stored, an es-MX browser gets Spanish', async () => {
    const { page } = await open('/about', { locale: 'es-MX' })
    await page.getByRole('heading', { level: 1, name: 'Acerca de Puente Digital' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('es')
  })

  it('with nothing stored, a de-DE browser gets English', async () => {
    const { page } = await open('/about', { locale: 'de-DE' })
    await page.getByRole('heading', { level: 1, name: 'About Puente Digital' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('en')
  })

  // The cookie mirrors the stored choice for the server; with storage cleared (Lighthouse does
  // this between runs, some privacy settings on every visit) it still says what was chosen.
  it('with only the language cookie left, an English browser keeps the Spanish page it was sent', async () => {
    const { page, context } = await open('/robots.txt')
    await context.addCookies([{ name: 'app-language', value: 'es', url: baseURL }])
    await page.goto('/about')
    await waitForHydration(page)
    // A switch after hydration would load the other language's catalogs first (src/main.tsx):
    // once the network is quiet, any switch the app wanted has happened.
    await page.waitForLoadState('networkidle')
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    expect(await page.evaluate(() => localStorage.getItem('app-language'))).toBe(null)
    await page.getByRole('heading', { level: 1, name: 'Acerca de Puente Digital' }).waitFor()
  })

  it('renders a translated 404 page for an unknown path', async () => {
    const { page } = await open('/servicios/no-existe')
    await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor()
  })
})
