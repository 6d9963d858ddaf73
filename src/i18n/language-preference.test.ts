import { afterEach, describe, expect, it } from 'vitest'
import { languageCookieName, languageStorageKey } from '../../domain/locales'
import { readStoredLanguage } from './language-preference'

const clearCookie = () => {
  document.cookie = `${languageCookieName}=; Path=/; Max-Age=0`
}

afterEach(() => {
  localStorage.clear()
  clearCookie()
})

describe('the stored language', () => {
  it('is the one in localStorage first', () => {
    localStorage.setItem(languageStorageKey, 'en')
    document.cookie = `${languageCookieName}=es; Path=/`
    expect(readStoredLanguage()).toBe('en')
  })

  it('is the cookie’s when storage was cleared but cookies kept', () => {
    document.cookie = `other=1; Path=/`
    document.cookie = `${languageCookieName}=es; Path=/`
    expect(readStoredLanguage()).toBe('es')
  })

  it('is none when neither holds one', () => {
    expect(readStoredLanguage()).toBeNull()
  })
})
