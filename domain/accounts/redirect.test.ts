import { describe, expect, it } from 'vitest'
import { sameSitePath } from './redirect'

describe('sameSitePath', () => {
  it('keeps paths of this site, with their query and fragment', () => {
    expect(sameSitePath('/profile')).toBe('/profile')
    expect(sameSitePath('/services/web-applications?x=1#top')).toBe(
      '/services/web-applications?x=1#top',
    )
  })

  it.each([
    undefined,
    42,
    '',
    'profile',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '/\tevil',
    'javascript:alert(1)',
  ])('sends %j to /my-services', (value) => {
    expect(sameSitePath(value)).toBe('/my-services')
  })
})
