import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { languageMenuMachine } from '../../../machines/language-menu-machine'
import { controlledElement } from '../../../tests/paths/controlled-element'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderApp } from '../../../tests/paths/render-app'

// The trigger is named "Language English" / "Idioma Español" (hidden label + visible name).
const trigger = () => screen.getByRole('button', { name: /^(Language|Idioma) / })
const panel = () => controlledElement(trigger(), 'language')

testMachinePaths(languageMenuMachine, {
  // A service page, so choosing a language also proves the jump to the same service's twin.
  render: () => renderApp('/services/web-applications'),
  events: () => [
    { type: 'select', locale: 'es' },
    { type: 'select', locale: 'en' },
  ],
  exec: {
    toggle: ({ user }) => user.click(trigger()),
    escape: async ({ user }) => {
      await user.tab()
      expect(panel().contains(document.activeElement)).toBe(true)
      await user.keyboard('{Escape}')
      expect(document.activeElement).toBe(trigger())
    },
    'outside.click': ({ user }) => user.click(screen.getByRole('main')),
    'focus.leave': async ({ user }) => {
      within(panel()).getAllByRole('button').at(-1)?.focus()
      await user.tab()
      expect(panel().contains(document.activeElement)).toBe(false)
      expect(trigger().contains(document.activeElement)).toBe(false)
    },
    select: async ({ user, view }, event) => {
      const name = event.locale === 'es' ? 'Español' : 'English'
      await user.click(within(panel()).getByRole('button', { name }))
      const expected =
        event.locale === 'es' ? '/servicios/aplicaciones-web' : '/services/web-applications'
      await waitFor(() => {
        expect(document.documentElement.lang).toBe(event.locale)
        expect(view.router.state.location.pathname).toBe(expected)
      })
      expect(localStorage.getItem('app-language')).toBe(event.locale)
      expect(document.activeElement).toBe(trigger())
      expect(trigger().textContent).toContain(name)
    },
  },
  states: {
    closed: () => {
      expect(trigger().getAttribute('aria-expanded')).toBe('false')
      expect(panel().hidden).toBe(true)
    },
    open: () => {
      expect(trigger().getAttribute('aria-expanded')).toBe('true')
      expect(panel().hidden).toBe(false)
      const choices = within(panel()).getAllByRole('button')
      expect(choices.map((choice) => [choice.textContent, choice.lang])).toEqual([
        ['Español', 'es'],
        ['English', 'en'],
      ])
      const current = choices.filter((choice) => choice.getAttribute('aria-current') === 'true')
      expect(current.map((choice) => choice.lang)).toEqual([document.documentElement.lang])
    },
  },
})
