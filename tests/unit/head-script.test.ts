import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { languageCookieName, languageStorageKey } from '../../domain/locales'
import { themeColors, themeStorageKey } from '../../domain/theme'

// The inline script in index.html runs before any module, so it repeats a few constants.
describe('the pre-paint script in index.html', () => {
  const html = readFileSync('index.html', 'utf8')
  it('reads the same storage keys as the app', () => {
    expect(html).toContain(`localStorage.getItem('${themeStorageKey}')`)
    expect(html).toContain(`localStorage.getItem('${languageStorageKey}')`)
    // …and restores the language cookie the server picks prerendered pages by.
    expect(html).toContain(`document.cookie = \`${languageCookieName}=`)
  })
  it('uses the same theme colours', () => {
    expect(html).toContain(`'${themeColors.dark}'`)
    expect(html).toContain(`'${themeColors.light}'`)
    expect(html).toContain(`<meta name="theme-color" content="${themeColors.light}" />`)
  })
})
