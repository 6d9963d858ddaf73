import type { Page } from 'playwright-core'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, type SignedIn, test } from './signed-in'

// What a page looks like however it is reached, in the built site: the inbox's form styles on a
// direct load, a focus ring that is not the error red, destructive buttons that look it, and a
// service page that stops inviting a signed-in client to create an account.

type Rgb = readonly [number, number, number]

function parseRgb(css: string): Rgb {
  const parts = css.match(/[\d.]+/g)?.map(Number)
  if (!parts || parts.length < 3) throw new Error(`Not a colour: ${css}`)
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0]
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: Rgb, b: Rgb): number {
  const luminance = ([r, g, b]: Rgb) => {
    const [lr, lg, lb] = [r, g, b].map((channel) => {
      const value = channel / 255
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0)
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

/** The stored theme, set before the page's first script reads it. */
async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('agency-site:theme', value), theme)
}

const boxStyle = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      padding: style.padding,
      border: `${style.borderTopWidth} ${style.borderTopStyle}`,
      radius: style.borderTopLeftRadius,
      minHeight: style.minHeight,
      fontSize: style.fontSize,
      // The page's own typeface (a first visit's first page draws in the fallback, the next in
      // Inter: index.html), not one the field names.
      fontFamily:
        style.fontFamily === getComputedStyle(document.body).fontFamily
          ? 'the page’s typeface'
          : style.fontFamily,
      fieldDirection: element.parentElement
        ? getComputedStyle(element.parentElement).flexDirection
        : '',
    }
  })

describe('styles a page carries however it is reached', () => {
  test('/admin loaded directly styles its filters as the contact form styles its fields', async ({
    admin,
  }) => {
    const { page } = admin
    await page.goto('/contact')
    await waitForHydration(page)
    const contactField = await boxStyle(page, '#contact-name')
    const { padding: _selectPadding, ...selectFrame } = await boxStyle(page, '#contact-budget')
    const contactMessage = await boxStyle(page, '#contact-message')

    // A fresh load of the inbox, not a visit after another form brought the stylesheet.
    await page.goto('/admin?tab=enquiries')
    await waitForHydration(page)
    await page.locator('#filter-q').waitFor()
    expect(await boxStyle(page, '#filter-q')).toEqual(contactField)
    const { padding: _filterPadding, ...filterFrame } = await boxStyle(page, '#filter-handled')
    expect(filterFrame).toEqual(selectFrame)
    // A text of several lines looks like the contact form's message too.
    expect(contactMessage.fontFamily).toBe(contactField.fontFamily)
    expect(contactMessage.padding).toBe(contactField.padding)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`the focus ring is not the error colour and stands out 3:1 on the page (${theme})`, async ({
      visit,
    }) => {
      const { page } = await visit(null)
      await useTheme(page, theme)
      await page.goto('/contact')
      await waitForHydration(page)
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
      // An error to compare with: the form refused empty.
      await page.getByRole('button', { name: 'Send message' }).click()
      const errorColour = parseRgb(
        await page
          .locator('.form-error')
          .first()
          .evaluate((e) => getComputedStyle(e).color),
      )
      const background = parseRgb(
        await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
      )
      await page.keyboard.press('Tab')
      for (const selector of ['#contact-email', 'main a']) {
        await page.locator(selector).first().focus()
        const outline = await page.evaluate(() => {
          const focused = document.activeElement
          if (!focused) return { colour: '', style: 'none' }
          const style = getComputedStyle(focused)
          return { colour: style.outlineColor, style: style.outlineStyle }
        })
        expect(outline.style, selector).toBe('solid')
        const ring = parseRgb(outline.colour)
        expect(ring, selector).not.toEqual(errorColour)
        expect(contrast(ring, background), selector).toBeGreaterThanOrEqual(3)
      }
    })
  }
})

/** A service request of `client`'s, so /my-services offers to withdraw it. */
async function requestService(client: SignedIn): Promise<void> {
  const answer = await client.api.call('POST', '/api/v1/me/service-requests', {
    need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
    desiredStart: 'within-1-month',
    budget: '25k-75k',
    serviceId: 'web-design',
  })
  expect(answer.status, answer.text).toBe(201)
}

/** The confirming button looks destructive (not the accent), its text AA, with the warning. */
async function expectDanger(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name })
  await button.waitFor()
  const looks = await button.evaluate((element) => {
    const style = getComputedStyle(element)
    const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()
    const probe = document.createElement('span')
    probe.style.color = accent
    document.body.append(probe)
    const accentRgb = getComputedStyle(probe).color
    probe.remove()
    return {
      className: element.className,
      background: style.backgroundColor,
      colour: style.color,
      accent: accentRgb,
      describedBy: element.getAttribute('aria-describedby') ?? '',
    }
  })
  expect(looks.className).toContain('button-danger')
  expect(looks.background).not.toBe(looks.accent)
  expect(contrast(parseRgb(looks.colour), parseRgb(looks.background))).toBeGreaterThanOrEqual(4.5)
  expect(await page.locator(`[id="${looks.describedBy}"]`).textContent()).toBe(
    'This cannot be undone.',
  )
}

describe('destructive actions', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`deleting the account and withdrawing a request look destructive (${theme})`, async ({
      client,
    }) => {
      const { page } = client
      await useTheme(page, theme)
      await requestService(client)
      await page.goto('/my-services')
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Withdraw this request' }).click()
      await expectDanger(page, 'Withdraw request')

      await page.goto('/profile')
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Delete my account', exact: true }).click()
      await expectDanger(page, 'Delete my account for good')
    })
  }
})

describe("a service page's call to action", () => {
  const phone = { viewport: { width: 390, height: 844 } }

  /** The call to action's links, once the page has hydrated, and the height of their row. */
  async function actions(page: Page) {
    await page.goto('/services/web-design')
    await waitForHydration(page)
    const row = page.locator('.call-to-action .actions')
    await row.waitFor()
    return {
      toRegister: await row.getByRole('link', { name: 'Create an account' }).count(),
      height: (await row.boundingBox())?.height,
    }
  }

  test('offers a signed-in client their services, not a new account, in the same space', async ({
    client,
    visit,
  }) => {
    const visitor = await visit(null, phone)
    const signedOut = await actions(visitor.page)
    expect(signedOut.toRegister).toBe(1)

    const device = await client.signInAgain(phone)
    await device.page.goto('/services/web-design')
    await waitForHydration(device.page)
    const row = device.page.locator('.call-to-action .actions')
    await row.getByRole('link', { name: 'My services' }).waitFor()
    expect(await row.getByRole('link', { name: 'Create an account' }).count()).toBe(0)
    expect(await row.getByRole('link', { name: 'My services' }).getAttribute('href')).toBe(
      '/my-services',
    )
    // The switch after hydration moves nothing below: the row keeps its height.
    expect((await row.boundingBox())?.height).toBe(signedOut.height)
  })
})
