/**
 * The answers a page behind the sign-in asks for in its HTML (`<link rel="preload" as="fetch">`,
 * its route's `firstReads`: docs/decisions/046), so they download with the page's code.
 *
 * The browser keeps a preloaded answer until a request for the same address takes it, however
 * late. One left over (a signed-out visitor is sent to sign in before the page reads it) would be
 * handed to a read made after signing in, and say 401 to a live session. So the app takes every
 * one as it starts, and hands each to the first read of its address, until the app changes
 * anything on the server: from then on the answers may be out of date, and reads go out anew.
 */
const early = new Map<string, Promise<Response>>()

const key = (url: string) => new URL(url, document.baseURI).href

/** Takes the page's preloaded answers (the browser answers from what it preloaded). */
export function takeEarlyAnswers(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(
    'link[rel="preload"][as="fetch"]',
  )) {
    // The client's own mode and credentials (http-client.ts), so the preload matches.
    const answer = fetch(link.href, { credentials: 'same-origin' })
    // A failure is the reader's to report, when (if) one reads it.
    answer.catch(() => {})
    early.set(key(link.href), answer)
  }
}

/** The early answer for `url`, once: a second read of the address goes to the network. */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  if (early.size === 0) return undefined
  const answer = early.get(key(url))
  early.delete(key(url))
  return answer
}

/** The app changed something on the server: answers taken before may be out of date. */
export function forgetEarlyAnswers(): void {
  early.clear()
}
