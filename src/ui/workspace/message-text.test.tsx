import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MessageText, textParts } from './message-text'

describe('MessageText', () => {
  it('makes web addresses links, leaving sentence punctuation outside', () => {
    expect(textParts('See https://example.com/a?b=1. Or http://x.example,')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', href: 'http://x.example' },
      { kind: 'text', text: ',' },
    ])
  })

  it('shows markup as text and links only http(s), opened without this page', () => {
    const { container } = render(
      <MessageText
        text={
          '<img src=x onerror=alert(1)>\njavascript:alert(1)\n<a href="https://evil.example">x</a> https://ok.example/p'
        }
      />,
    )
    expect(container.querySelector('img')).toBeNull()
    const links = [...container.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://evil.example',
      'https://ok.example/p',
    ])
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
      expect(link.getAttribute('target')).toBe('_blank')
    }
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>\njavascript:alert(1)')
  })
})
