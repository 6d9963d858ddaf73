import { describe, expect, it } from 'vitest'
import { forbiddenCharacterIn, isSiteLink, slugPattern } from './content-text'

describe('a content text', () => {
  it('names the first character it refuses, and lets a paragraph keep its breaks and tabs', () => {
    expect(forbiddenCharacterIn('Plain <b>markup</b> & text', false)).toBeUndefined()
    expect(forbiddenCharacterIn('One\n\tTwo', true)).toBeUndefined()
    expect(forbiddenCharacterIn('One\nTwo', false)).toBe('U+000A')
    expect(forbiddenCharacterIn('a\u202eb\u200fc', true)).toBe('U+202E')
    expect(forbiddenCharacterIn('\ufeffStart', true)).toBe('U+FEFF')
    expect(forbiddenCharacterIn('Arabic mark \u061c', true)).toBe('U+061C')
  })
})

describe('a link on the site', () => {
  it.each([
    'https://example.com',
    'http://example.com/a?b=c#d',
    '/',
    '/servicios/diseno-web#precios',
  ])('accepts %s', (link) => expect(isSiteLink(link)).toBe(true))

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example',
    '/\\evil.example',
    'https://',
    'ftp://example.com',
    'example.com',
    '',
  ])('refuses %j', (link) => expect(isSiteLink(link)).toBe(false))
})

describe('a case study address', () => {
  it('is lower-case words joined by single hyphens', () => {
    expect(slugPattern.test('cafe-altura-online-shop')).toBe(true)
    for (const slug of ['Cafe', 'cafe--altura', '-cafe', 'cafe-', 'café', 'a b', ''])
      expect(slugPattern.test(slug), slug).toBe(false)
  })
})
