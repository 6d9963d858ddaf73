import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * `virtual:csp-script-hashes`: the SHA-256 sources of the known inline scripts (those of
 * index.html, which every page is built from), computed when the server is built. A response's
 * Content-Security-Policy allows these and nothing else: a page can never widen its own policy
 * by carrying another inline script (an injected one included).
 */
const id = 'virtual:csp-script-hashes'
const resolvedId = `\0${id}`
const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(inlineScript)) {
    const [, attributes = '', body = ''] = match
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

export function cspHashes(root = process.cwd()): Plugin {
  const source = resolve(root, 'index.html')
  return {
    name: 'csp-script-hashes',
    resolveId: (name) => (name === id ? resolvedId : undefined),
    load(name) {
      if (name !== resolvedId) return undefined
      this.addWatchFile(source)
      const hashes = inlineScriptHashes(readFileSync(source, 'utf8'))
      return `export default ${JSON.stringify(hashes)}`
    },
  }
}
