import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { serviceTable } from '../../domain/services/service-table'
import { withBrowser } from './fixtures'
import { controlled, mainNav, servicesButton, waitForHydration } from './navigation-helpers'

const { open } = withBrowser()

const mobile = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const menuServices = serviceTable.filter((service) => service.inMenu)

const hrefs = (page: Page, selector: string) =>
  page.$$eval(selector, (links) => links.map((link) => link.getAttribute('href')))

describe('desktop header', () => {
  it('links home, about, our work, contact, login and register, and marks the current page', async () => {
    const { page, errors } = await open('/about')
    await waitForHydration(page)
    const links = await hrefs(page, '.main-nav > ul > li > a')
    expect(links).toEqual(['/', '/about', '/work', '/contact', '/login', '/register'])
    expect(await mainNav(page).locator('[aria-current="page"]').allTextContents()).toEqual([
      'About',
    ])
    expect(errors).toEqual([])
  })

  it('Services is a disclosure: toggles, holds the 25 menu services in English, closes outside and on Escape', async () => {
    const { page, errors } = await open('/')
    await waitForHydration(page)
    const button = servicesButton(page)
    const panel = await controlled(page, button)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await panel.isVisible()).toBe(false)

    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(await panel.isVisible()).toBe(true)
    expect(await panel.getByRole('heading').allTextContents()).toEqual([
      'Web development',
      'UX/UI design',
      'SEO and marketing',
      'Maintenance and support',
      'Advanced solutions',
    ])
    const serviceLinks = (
      await hrefs(page, `[id="${await button.getAttribute('aria-controls')}"] a`)
    ).filter((href) => href?.startsWith('/services/'))
    expect(serviceLinks).toEqual(menuServices.map((service) => `/services/${service.en}`))
    // Not a menu widget: plain links in lists (WAI-ARIA disclosure navigation).
    expect(
      await page.locator('.site-header [role="menu"], .site-header [role="menubar"]').count(),
    ).toBe(0)

    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('false')

    await button.click()
    await page.mouse.click(600, 700) // the page below the panel
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await panel.isVisible()).toBe(false)

    // Keyboard: Tab goes from the button into the panel; Escape closes and focus returns.
    await button.focus()
    await page.keyboard.press('Enter')
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(
      '/services/web-development',
    )
    await page.keyboard.press('Escape')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(errors).toEqual([])
  })

  it('the panel links are Spanish on a Spanish page, and choosing one navigates and closes it', async () => {
    const { page } = await open('/servicios')
    await waitForHydration(page)
    const button = servicesButton(page)
    await button.click()
    const panel = await controlled(page, button)
    const serviceLinks = (
      await hrefs(page, `[id="${await button.getAttribute('aria-controls')}"] a`)
    ).filter((href) => href?.startsWith('/servicios/'))
    expect(serviceLinks).toEqual(menuServices.map((service) => `/servicios/${service.es}`))
    await panel.getByRole('link', { name: 'Aplicaciones web' }).click()
    await page.waitForURL('**/servicios/aplicaciones-web')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await panel.isVisible()).toBe(false)
  })

  it('a keyboard visitor who follows a panel link continues at the new page’s content', async () => {
    const { page } = await open('/')
    await waitForHydration(page)
    const button = servicesButton(page)
    await button.focus()
    await page.keyboard.press('Enter')
    const panel = await controlled(page, button)
    await panel.getByRole('link', { name: 'Web design' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL('**/services/web-design')
    await page.getByRole('heading', { level: 1, name: 'Web design' }).waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 10_000 })
      .toBe('main')
  })
})

describe('language menu', () => {
  it('is a disclosure: outside click closes it; Español switches <html lang> and lands on the twin service page', async () => {
    const { page, errors } = await open('/services/web-applications')
    await waitForHydration(page)
    const trigger = page.getByRole('button', { name: /^Language English$/ })
    const panel = await controlled(page, trigger)
    expect(await trigger.getAttribute('aria-expanded')).toBe('false')

    await trigger.click()
    expect(await trigger.getAttribute('aria-expanded')).toBe('true')
    expect(await panel.getByRole('button').allTextContents()).toEqual(['Español', 'English'])
    await page.mouse.click(600, 600)
    expect(await trigger.getAttribute('aria-expanded')).toBe('false')

    await trigger.click()
    await panel.getByRole('button', { name: 'Español' }).click()
    await page.waitForURL('**/servicios/aplicaciones-web')
    await page.waitForFunction(() => document.documentElement.lang === 'es')
    const spanishTrigger = page.getByRole('button', { name: /^Idioma Español$/ })
    expect(await spanishTrigger.getAttribute('aria-expanded')).toBe('false')
    expect(await panel.isVisible()).toBe(false)
    expect(await spanishTrigger.evaluate((element) => element === document.activeElement)).toBe(
      true,
    )
    expect(errors).toEqual([])
  })

  it('Escape closes it and returns focus to its button', async () => {
    const { page } = await open('/')
    await waitForHydration(page)
    const trigger = page.getByRole('button', { name: /^Language English$/ })
    await trigger.click()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    expect(await trigger.getAttribute('aria-expanded')).toBe('false')
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true)
  })
})

describe('mobile bottom bar (390×844)', () => {
  it('is pinned to the bottom with the four links and a settings toggle that reveals the theme control', async () => {
    const { page, errors } = await open('/', mobile)
    await waitForHydration(page, '.mobile-bar button')
    const bar = page.getByRole('navigation', { name: 'Quick navigation' })
    const box = await bar.boundingBox()
    expect(box && Math.round(box.y + box.height)).toBe(844)
    expect(await hrefs(page, '.mobile-bar a')).toEqual(['/', '/about', '/services', '/contact'])
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'About' })
        .count(),
    ).toBe(0)

    const settings = bar.getByRole('button', { name: 'Settings' })
    const panel = await controlled(page, settings)
    expect(await settings.getAttribute('aria-expanded')).toBe('false')
    expect(await panel.isVisible()).toBe(false)
    await settings.click()
    expect(await settings.getAttribute('aria-expanded')).toBe('true')
    const theme = panel.getByRole('button', { name: 'Dark theme' })
    expect(await theme.isVisible()).toBe(true)
    await theme.click()
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    expect(await theme.getAttribute('aria-pressed')).toBe('true')
    await settings.click()
    expect(await settings.getAttribute('aria-expanded')).toBe('false')
    expect(await panel.isVisible()).toBe(false)

    // Outside click and Escape close it too.
    await settings.click()
    await page.mouse.click(200, 300)
    expect(await settings.getAttribute('aria-expanded')).toBe('false')
    await settings.click()
    await page.keyboard.press('Escape')
    expect(await settings.getAttribute('aria-expanded')).toBe('false')
    expect(errors).toEqual([])
  })

  it('its Services link follows the language', async () => {
    const { page } = await open('/servicios', mobile)
    expect(await hrefs(page, '.mobile-bar a')).toEqual(['/', '/about', '/servicios', '/contact'])
  })

  it.each(['/services', '/services/web-development'])(
    'never hides the focused element: tabbing through %s keeps focus clear of the bar',
    async (path) => {
      const { page } = await open(path, mobile)
      await waitForHydration(page, '.mobile-bar button')
      const bar = await page.locator('.mobile-bar').boundingBox()
      if (!bar) throw new Error('no bar')
      const hidden: string[] = []
      let visited = 0
      for (let step = 0; step < 120; step += 1) {
        await page.keyboard.press('Tab')
        const focused = await page.evaluate(() => {
          const element = document.activeElement
          if (!element || element === document.body) return null
          const rect = element.getBoundingClientRect()
          return {
            text: (element.textContent ?? '').trim().slice(0, 40),
            inBar: element.closest('.mobile-bar') !== null,
            top: rect.top,
            bottom: rect.bottom,
          }
        })
        if (!focused) continue
        if (focused.inBar) break // reached the bar itself: the page's elements are done
        visited += 1
        if (focused.bottom > bar.y || focused.top < 0)
          hidden.push(`${focused.text} (${focused.top}–${focused.bottom})`)
      }
      expect(visited).toBeGreaterThan(10)
      expect(hidden).toEqual([])
    },
  )
})

describe('target size (WCAG 2.5.8: at least 24×24 px)', () => {
  const tooSmall = (page: Page, selector: string) =>
    page.$$eval(selector, (elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => {
          const { width, height } = element.getBoundingClientRect()
          return { text: (element.textContent ?? '').trim(), width, height }
        })
        .filter(({ width, height }) => width < 24 || height < 24),
    )

  it('on desktop, with the mega-menu and the language menu open', async () => {
    const { page } = await open('/')
    await waitForHydration(page)
    await servicesButton(page).click()
    expect(await tooSmall(page, '.site-header a, .site-header button')).toEqual([])
    await page.getByRole('button', { name: /^Language English$/ }).click()
    expect(await tooSmall(page, '.site-header a, .site-header button')).toEqual([])
  })

  it('on a phone, with the settings panel open', async () => {
    const { page } = await open('/', mobile)
    await waitForHydration(page, '.mobile-bar button')
    await page.getByRole('button', { name: 'Settings' }).click()
    expect(
      await tooSmall(
        page,
        '.site-header a, .site-header button, .mobile-bar a, .mobile-bar button',
      ),
    ).toEqual([])
  })
})
