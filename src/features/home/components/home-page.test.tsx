import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PublishedSlide } from '../../../../domain/content/published-content'
import { seedPublishedContent } from '../../../../domain/content/seed/seed-published-content'
import { renderApp } from '../../../../tests/paths/render-app'

/**
 * The home page's slideshow shows the published slides, however many the agency published:
 * their texts, pictures and links in the page's language, one dot per slide.
 */

const seed = seedPublishedContent()
const [bridge, design, dashboard] = seed.slides
if (!bridge || !design || !dashboard) throw new Error('the seed has three slides')

const slide = (n: number, base: PublishedSlide = design): PublishedSlide => ({
  ...base,
  title: { en: `Slide number ${n}`, es: `Diapositiva número ${n}` },
  buttonText: { en: `Go ${n}`, es: `Ir ${n}` },
  buttonLink: { en: `/contact`, es: '/servicios/aplicaciones-web' },
})

const region = () => screen.getByRole('region', { name: /Highlights|Destacados/ })
const slides = () => [...document.querySelectorAll<HTMLElement>('#slideshow-slides > .slide')]
const shown = () => slides().findIndex((element) => element.dataset.shown === 'true')

describe('the home page’s slides', () => {
  it('the seed’s slides, each with its text, picture and link in English', async () => {
    await renderApp('/')
    expect(slides().map((element) => element.querySelector('h2')?.textContent)).toEqual(
      seed.slides.map((s) => s.title.en),
    )
    const third = slides()[2]
    if (!third) throw new Error('three slides')
    expect(within(third).getByRole('img', { hidden: true }).getAttribute('alt')).toBe(
      dashboard.image.alt.en,
    )
    expect(
      within(third)
        .getByRole('link', { hidden: true, name: dashboard.buttonText.en })
        .getAttribute('href'),
    ).toBe('/contact')
  })

  it('in Spanish, each slide’s Spanish words and link', async () => {
    await renderApp('/', { locale: 'es' })
    expect(slides().map((element) => element.querySelector('.eyebrow')?.textContent)).toEqual(
      seed.slides.map((s) => s.subtitle.es),
    )
    const third = slides()[2]
    if (!third) throw new Error('three slides')
    expect(
      within(third)
        .getByRole('link', { hidden: true, name: dashboard.buttonText.es })
        .getAttribute('href'),
    ).toBe('/servicios/aplicaciones-web')
  })

  it('five slides: five dots, and “next” goes round all five', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => slide(n))
    await renderApp('/', { content: { ...seed, slides: five } })
    expect(slides().map((element) => element.getAttribute('aria-label'))).toEqual([
      '1 of 5',
      '2 of 5',
      '3 of 5',
      '4 of 5',
      '5 of 5',
    ])
    expect(within(region()).getAllByRole('button', { name: /^Show slide/ })).toHaveLength(5)
    fireEvent.click(within(region()).getByRole('button', { name: 'Pause slideshow' }))
    for (const expected of [1, 2, 3, 4, 0]) {
      fireEvent.click(within(region()).getByRole('button', { name: 'Next slide' }))
      expect(shown()).toBe(expected)
    }
  })

  it('one slide: shown, and the controls keep it', async () => {
    await renderApp('/', { content: { ...seed, slides: [slide(1, bridge)] } })
    expect(slides()).toHaveLength(1)
    expect(slides()[0]?.getAttribute('aria-label')).toBe('1 of 1')
    fireEvent.click(within(region()).getByRole('button', { name: 'Next slide' }))
    fireEvent.click(within(region()).getByRole('button', { name: 'Previous slide' }))
    expect(shown()).toBe(0)
    expect(screen.getByRole('heading', { name: 'Slide number 1' })).toBeTruthy()
  })

  it('none published: no slideshow, the rest of the page as it is', async () => {
    await renderApp('/', { content: { ...seed, slides: [] } })
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'What we do best' })).toBeTruthy()
  })
})
