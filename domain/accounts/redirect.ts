/**
 * Where to go after signing in: the `?redirect=` a signed-in page sent, when it is a path of
 * this site; anything else (another origin, `//host`, `/\host`, a scheme) goes to the default.
 */
export const afterSignIn = '/my-services'

export function sameSitePath(value: unknown, fallback: string = afterSignIn): string {
  if (typeof value !== 'string') return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // Control characters and backslashes are never part of our paths; browsers read some as `/`.
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20)) return fallback
  return value
}
