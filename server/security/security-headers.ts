import knownScriptHashes from 'virtual:csp-script-hashes'
import type { MiddlewareHandler } from 'hono'
import { isHttps, type ProxyTrust } from './client-ip'

/**
 * Security headers on every answer. HTML pages get a Content-Security-Policy whose script-src
 * allows our own files plus the known inline scripts, by hashes computed when the server was
 * built (server/build/csp-hashes-plugin.ts), and whose style-src allows the stylesheets the
 * build inlined into the pages (by hashes the prerender step recorded). The policy is the same
 * for every page and never derived from the response itself, so a page cannot widen its own
 * policy. Everything else gets a deny-all policy.
 */

export type ScriptHashes = readonly string[]
/** `'sha256-…'` sources of the `<style>` elements the build inlined into the pages. */
export type StyleHashes = readonly string[]

export { inlineScriptHashes } from '../build/csp-hashes-plugin'

export function pagePolicy(
  scriptHashes: ScriptHashes,
  https: boolean,
  styleHashes: StyleHashes = [],
): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    `style-src ${["'self'", ...styleHashes].join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

const scriptOrStyle = /^(text\/javascript|application\/javascript|text\/css)\b/i

/**
 * Anything that is not a page — an API answer, an image, a downloaded file — runs nothing: even
 * opened as a document (a file a visitor uploaded), `sandbox` gives it a unique origin without
 * scripts, forms or pop-ups.
 */
const resourcePolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; sandbox"

export function securityHeaders({
  trustProxy,
  scriptHashes = knownScriptHashes,
  styleHashes = [],
}: {
  trustProxy: ProxyTrust
  scriptHashes?: ScriptHashes | undefined
  styleHashes?: StyleHashes | undefined
}): MiddlewareHandler {
  const policies = {
    http: pagePolicy(scriptHashes, false, styleHashes),
    https: pagePolicy(scriptHashes, true, styleHashes),
  }
  return async (c, next) => {
    await next()
    const https = isHttps(c, trustProxy)
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    if (https) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    // A script or stylesheet is never a document: the headers below govern documents only
    // (what may frame, open, refer or run them), and each would cost ~50–100 bytes on every one
    // of a page's ~20 script requests (HTTP/1.1 does not compress headers).
    if (scriptOrStyle.test(headers.get('content-type') ?? '')) return
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    // A 304 refreshes the headers the browser stored with the page: it keeps the stored policy.
    if (c.res.status === 304) return
    const html = (headers.get('content-type') ?? '').startsWith('text/html')
    headers.set(
      'Content-Security-Policy',
      html ? policies[https ? 'https' : 'http'] : resourcePolicy,
    )
  }
}
