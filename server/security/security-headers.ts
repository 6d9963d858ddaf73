import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { isHttps } from './client-ip'

/**
 * Security headers on every answer. HTML pages get a Content-Security-Policy whose script-src
 * allows our own files plus the exact inline scripts of the page being served (their SHA-256
 * hashes are computed from the HTML itself, so the policy follows index.html and any
 * prerendered page without a hand-maintained list). Everything else gets a deny-all policy.
 */

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** `'sha256-…'` sources for every inline (no `src`) script in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(inlineScript)) {
    const [, attributes = '', body = ''] = match
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

export function pagePolicy(scriptHashes: readonly string[], https: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    "style-src 'self'",
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

const resourcePolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"

export function securityHeaders({ trustProxy }: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const https = isHttps(c, trustProxy)
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (https) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    // A 304 refreshes the headers the browser stored with the page: it must not carry a policy
    // of its own (it has no body to derive one from), so the stored page policy stays.
    if (c.res.status === 304) return
    if (!(headers.get('content-type') ?? '').startsWith('text/html')) {
      headers.set('Content-Security-Policy', resourcePolicy)
      return
    }
    // Pages are a few kilobytes: reading a copy and hashing its inline scripts is cheap.
    const html = await c.res.clone().text()
    // Read c.res again: under @hono/node-server, cloning replaces the response object, so the
    // headers object taken above may belong to a response that is no longer sent.
    c.res.headers.set('Content-Security-Policy', pagePolicy(inlineScriptHashes(html), https))
  }
}
