import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthorAvatar, avatarTone, avatarTones, initialsOf } from './author-avatar'

/** WCAG's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

describe('AuthorAvatar', () => {
  it('takes the initials of the first and last word, whatever the script or the case', () => {
    expect(initialsOf('Ana')).toBe('A')
    expect(initialsOf('  ana maría robles ')).toBe('AR')
    expect(initialsOf('Íñigo Ñúñez')).toBe('ÍÑ')
    expect(initialsOf('(Marta) Ibáñez')).toBe('MI')
    expect(initialsOf('')).toBe('?')
  })

  it('gives one author the same tone every time, and spreads authors over every tone', () => {
    const key = '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d'
    expect(avatarTone(key)).toBe(avatarTone(key))
    const tones = new Set(Array.from({ length: 200 }, (_, index) => avatarTone(`author-${index}`)))
    expect(tones.size).toBe(avatarTones)
  })

  it('draws every tone in the stylesheet with white initials at AA contrast (the same in both modes)', () => {
    const css = readFileSync(join(import.meta.dirname, 'workspace.css'), 'utf8')
    expect(css).toMatch(/\.thread-avatar \{[^}]*color: #ffffff;/)
    for (let tone = 0; tone < avatarTones; tone += 1) {
      const background = new RegExp(
        `\\.thread-avatar-tone-${tone} \\{\\s*background: (#[0-9a-f]{6});`,
      ).exec(css)?.[1]
      expect(background, `tone ${tone}`).toBeDefined()
      expect(contrast('#ffffff', background ?? '#ffffff')).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('is hidden from assistive technology: the name beside it is the text', () => {
    const { container } = render(<AuthorAvatar name="Ana Robles" authorKey="a1" />)
    const avatar = container.firstElementChild
    expect(avatar?.getAttribute('aria-hidden')).toBe('true')
    expect(avatar?.textContent).toBe('AR')
    expect(avatar?.className).toMatch(/^thread-avatar thread-avatar-tone-[0-7]$/)
  })
})
