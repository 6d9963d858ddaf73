import { Fragment, type ReactNode } from 'react'

/**
 * A message's plain text as written: line breaks kept (by CSS, `white-space: pre-wrap`) and
 * web addresses made links. Everything is a React text node, so markup in a message is shown,
 * never run; only `http:`/`https:` addresses become links (never `javascript:`), opened in a
 * new tab without giving it this page (`noopener noreferrer`).
 */
const addressPattern = /\bhttps?:\/\/[^\s<>"']+/gi

// Punctuation that ends a sentence rather than the address ("see https://x.example.").
const trailingPunctuation = /[.,;:!?)\]}]+$/

export type TextPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'link'; readonly href: string }

export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(addressPattern)) {
    const start = match.index
    const address = match[0].replace(trailingPunctuation, '')
    if (!isWebAddress(address)) continue
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) })
    parts.push({ kind: 'link', href: address })
    last = start + address.length
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) })
  return parts
}

function isWebAddress(candidate: string): boolean {
  try {
    const url = new URL(candidate)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

export function MessageText({ text }: { readonly text: string }): ReactNode {
  return (
    <p className="thread-text">
      {textParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {part.href}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  )
}
