/**
 * A message author's avatar: their initials on a colour of their own. The colour comes from
 * the author's key (their account id), so one person looks the same on every message and every
 * page. It only repeats the name written beside it, so assistive technology skips it.
 */
export function AuthorAvatar({
  name,
  authorKey,
}: {
  readonly name: string
  readonly authorKey: string
}) {
  return (
    <span
      className={`thread-avatar thread-avatar-tone-${avatarTone(authorKey)}`}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  )
}

/** How many colours avatars take (`.thread-avatar-tone-0` … in workspace.css). */
export const avatarTones = 8

/** Up to two initials: of the first and the last word ("Ana María Robles" → "AR"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word))
  const first = words[0]
  if (!first) return '?'
  const last = words.length > 1 ? words.at(-1) : undefined
  return [first, last]
    .flatMap((word) => (word ? [[...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? ''] : []))
    .join('')
    .toLocaleUpperCase()
}

/** The tone of `key`: the same key always gets the same one (FNV-1a, spread over the tones). */
export function avatarTone(key: string): number {
  let hash = 0x811c9dc5
  for (const char of key) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % avatarTones
}
