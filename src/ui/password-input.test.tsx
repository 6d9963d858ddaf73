import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { installFakeNetwork } from '../../tests/doubles/fake-network'
import { renderApp } from '../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => {
  cleanup()
  network.restore()
  localStorage.clear()
})

/** The page's password controls, each with the button that belongs to it. */
function passwordToggles() {
  const inputs = [...document.querySelectorAll<HTMLInputElement>('main input[type="password"]')]
  return inputs.map((input) => ({
    input,
    toggle: document.querySelector<HTMLButtonElement>(`button[aria-controls="${input.id}"]`),
  }))
}

describe('a password field', () => {
  for (const [path, locale, name] of [
    ['/login', 'en', 'Show password'],
    ['/register', 'es', 'Mostrar contraseña'],
  ] as const) {
    it(`shows and hides what was typed with a pressed button (${path}, ${locale})`, async () => {
      network = installFakeNetwork()
      await renderApp(path, { locale })
      await waitFor(() => expect(passwordToggles().length).toBeGreaterThan(0))
      const [{ input, toggle } = { input: null, toggle: null }] = passwordToggles()
      if (!input || !toggle) throw new Error('No password field with a toggle')
      expect(toggle.getAttribute('type')).toBe('button')
      expect(toggle.getAttribute('aria-pressed')).toBe('false')
      expect(screen.getByRole('button', { name, pressed: false })).toBe(toggle)

      const user = userEvent.setup()
      await user.type(input, 'correct horse')
      await user.click(toggle)
      expect(input.type).toBe('text')
      expect(input.value).toBe('correct horse')
      expect(toggle.getAttribute('aria-pressed')).toBe('true')
      await user.click(toggle)
      expect(input.type).toBe('password')
    })
  }

  it('is never written as a bare input: every form uses the shared one with its toggle', () => {
    const bare: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) {
          if (/type=["{']*password/.test(readFileSync(path, 'utf8'))) bare.push(path)
        }
      }
    }
    walk('src')
    expect(bare).toEqual([])
  })
})
