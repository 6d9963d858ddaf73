import { createRequire } from 'node:module'
import * as v from 'valibot'

/**
 * An nginx configuration read with nginx-linter's parser (the linter scripts/deploy-files.test.ts
 * runs), as a tree of directives, and the few rules of nginx the test needs: which location a
 * path is served by, which value of a directive applies there, and nginx's sizes and times.
 */

export type Directive = {
  readonly name: string
  readonly args: readonly string[]
  readonly children: readonly Directive[]
}

// The parser's own nodes: whitespace, comments and punctuation besides the directives.
type Node = { type: string; name?: string; text?: string; parameters?: Node[]; body?: Node[] }
const NodeSchema: v.GenericSchema<Node> = v.object({
  type: v.string(),
  name: v.optional(v.string()),
  text: v.optional(v.string()),
  parameters: v.optional(v.array(v.lazy(() => NodeSchema))),
  body: v.optional(v.array(v.lazy(() => NodeSchema))),
})

const require = createRequire(import.meta.url)
const { parse } = require('nginx-linter/lib/parser') as { parse: (text: string) => unknown }

const unquote = (text: string) => (/^(["']).*\1$/.test(text) ? text.slice(1, -1) : text)

function toDirectives(nodes: readonly Node[]): Directive[] {
  return nodes
    .filter((node) => node.type === 'directive' && node.name !== undefined)
    .map((node) => ({
      name: node.name ?? '',
      args: (node.parameters ?? [])
        .filter((parameter) => parameter.type === 'parameter')
        .map((parameter) => unquote(parameter.text ?? '')),
      children: toDirectives(node.body ?? []),
    }))
}

export function parseNginx(text: string): Directive[] {
  return toDirectives(v.parse(v.array(NodeSchema), parse(text)))
}

export function directives(block: readonly Directive[], name: string): Directive[] {
  return block.filter((directive) => directive.name === name)
}

/**
 * The values of `name` in force inside `location`: its own when it sets any, else the
 * enclosing server's (nginx inherits a directive only when the inner level sets none of it,
 * which is why one `proxy_set_header` in a location drops every header set above it).
 */
export function inForce(server: Directive, location: Directive, name: string): Directive[] {
  const own = directives(location.children, name)
  return own.length > 0 ? own : directives(server.children, name)
}

/**
 * The location nginx picks for `path`: an exact match, else the longest prefix when it is `^~`,
 * else the first regular expression that matches, else the longest prefix.
 */
export function locationFor(server: Directive, path: string): Directive | undefined {
  const locations = directives(server.children, 'location').map((location) => {
    const [first = '', second] = location.args
    return second === undefined
      ? { location, modifier: '', uri: first }
      : { location, modifier: first, uri: second }
  })
  const exact = locations.find(({ modifier, uri }) => modifier === '=' && uri === path)
  if (exact) return exact.location
  const longest = locations
    .filter(({ modifier, uri }) => (modifier === '' || modifier === '^~') && path.startsWith(uri))
    .sort((a, b) => b.uri.length - a.uri.length)[0]
  if (longest?.modifier === '^~') return longest.location
  const regex = locations.find(
    ({ modifier, uri }) =>
      (modifier === '~' || modifier === '~*') &&
      new RegExp(uri, modifier === '~*' ? 'i' : '').test(path),
  )
  return regex?.location ?? longest?.location
}

/** nginx's size (`64k`, `10m`, `1g`, bytes without a unit) in bytes. */
export function bytesOf(size: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size)
  if (!match) throw new Error(`Not an nginx size: ${size}`)
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] ?? '').toLowerCase()]
  return Number(match[1]) * (unit ?? Number.NaN)
}

/** nginx's time (`10s`, `500ms`, `2m`, seconds without a unit) in milliseconds. */
export function millisecondsOf(time: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(time)
  if (!match) throw new Error(`Not an nginx time: ${time}`)
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's']
  return Number(match[1]) * (unit ?? Number.NaN)
}
