import { BlockList, isIP } from 'node:net'
import type { Context } from 'hono'

/**
 * Which peers may tell us the client's address (X-Forwarded-For) and scheme
 * (X-Forwarded-Proto), from TRUST_PROXY:
 * - `none`: nobody; the socket's peer is the client (direct exposure);
 * - `hops`: the last N hops are our own proxies (a load balancer, a CDN in front of it …);
 * - `addresses`: only peers inside these addresses/CIDR blocks are our proxies, however many.
 */
export type ProxyTrust =
  | { readonly mode: 'none' }
  | { readonly mode: 'hops'; readonly hops: number }
  | { readonly mode: 'addresses'; readonly proxies: BlockList; readonly description: string }

export const noProxy: ProxyTrust = { mode: 'none' }

/** More hops than this is a misconfiguration, not a real chain of proxies. */
export const maxProxyHops = 10

export type ParsedProxyTrust =
  | { readonly ok: true; readonly trust: ProxyTrust }
  | { readonly ok: false; readonly problem: string }

/**
 * `false`/`0` (default), `true` (one proxy), a hop count `1`…`10`, or a comma-separated list of
 * proxy addresses and CIDR blocks (`10.0.0.0/8, 2001:db8::/32, 127.0.0.1`).
 */
export function parseTrustProxy(value: string): ParsedProxyTrust {
  const text = value.trim().toLowerCase()
  if (text === '' || text === 'false' || text === '0') return { ok: true, trust: noProxy }
  if (text === 'true') return { ok: true, trust: { mode: 'hops', hops: 1 } }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > maxProxyHops)
      return { ok: false, problem: `a hop count must be between 0 and ${maxProxyHops}` }
    return { ok: true, trust: { mode: 'hops', hops } }
  }
  const proxies = new BlockList()
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [address = '', prefix, extra] = entry.split('/')
    const family = isIP(address)
    const maxPrefix = family === 6 ? 128 : 32
    if (family === 0 || extra !== undefined)
      return {
        ok: false,
        problem: `"${entry.slice(0, 60)}" is not an IP address or CIDR block (expected true, false, a hop count, or a list such as 10.0.0.0/8,::1)`,
      }
    const type = family === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) proxies.addAddress(address, type)
    else if (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix)
      proxies.addSubnet(address, Number(prefix), type)
    else return { ok: false, problem: `"${entry.slice(0, 60)}" has an invalid prefix length` }
  }
  return { ok: true, trust: { mode: 'addresses', proxies, description: text } }
}

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } }

/** An address as a client or proxy may write it, normalised; undefined when it is not one. */
export function normaliseAddress(raw: string): string | undefined {
  let text = raw.trim()
  // Far longer than any address: refused before any parsing work.
  if (text.length === 0 || text.length > 64) return undefined
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)
  if (bracketed?.[1]) text = bracketed[1]
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.indexOf(':'))
  // A zone index (fe80::1%eth0) names an interface of the sender, not part of the address.
  text = text.replace(/%[\w.-]+$/, '')
  const family = isIP(text)
  if (family === 4) return text
  if (family !== 6) return undefined
  const lower = text.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  return mapped?.[1] ?? lower
}

function isTrusted(trust: ProxyTrust & { mode: 'addresses' }, address: string): boolean {
  return trust.proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
}

/** The socket's peer, normalised (undefined only without a socket, in in-process tests). */
function peerAddress(c: Context): string | undefined {
  const raw = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress
  return raw === undefined ? undefined : normaliseAddress(raw)
}

/**
 * The client's address, for rate limits and logs. Walks the chain from our side: the socket's
 * peer, then X-Forwarded-For from right to left (each proxy appends the address it saw), and
 * stops at the first hop that is not one of our proxies: everything left of it is whatever the
 * client claimed. An entry that is not a valid address ends the walk at the last hop we could
 * trust, so an arbitrary string never becomes a rate-limit key. Only the entries the walk needs
 * are examined, however long the header.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trust: ProxyTrust,
): string {
  let current = peer ?? 'unknown'
  if (trust.mode === 'none' || peer === undefined || !forwardedFor) return current
  const entries = forwardedFor.split(',')
  const maxSteps = trust.mode === 'hops' ? trust.hops : maxProxyHops
  for (let step = 0; step < maxSteps; step += 1) {
    if (trust.mode === 'addresses' && !isTrusted(trust, current)) return current
    const raw = entries.pop()
    if (raw === undefined) return current
    const next = normaliseAddress(raw)
    if (next === undefined) return current
    current = next
  }
  return current
}

/**
 * The rate-limit and log key of a client address: IPv4 as is, IPv6 grouped by /64, the block
 * one subscriber usually holds (rotating through it must not buy fresh budgets).
 */
export function addressKey(address: string): string {
  return isIP(address) === 6 ? ipv6Prefix(address) : address
}

function ipv6Prefix(address: string): string {
  const [head = '', tail = ''] = address.split('::')
  const headParts = head ? head.split(':') : []
  const tailParts = tail ? tail.split(':') : []
  // An embedded IPv4 tail (::1.2.3.4) is two groups, and lies outside the first four anyway.
  const tailGroups = tailParts.flatMap((part) => (part.includes('.') ? ['0', '0'] : [part]))
  const groups = address.includes('::')
    ? [...headParts, ...Array(8 - headParts.length - tailGroups.length).fill('0'), ...tailGroups]
    : headParts
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** The client's address key for this request (see resolveClientAddress and addressKey). */
export function clientAddress(c: Context, trust: ProxyTrust): string {
  return addressKey(resolveClientAddress(peerAddress(c), c.req.header('x-forwarded-for'), trust))
}

/**
 * The socket's peer is one of our proxies, so what it adds to the request (X-Forwarded-*,
 * X-Request-Id) may be believed; from anyone else those headers are the client's own words.
 */
export function peerIsProxy(c: Context, trust: ProxyTrust): boolean {
  if (trust.mode === 'none') return false
  if (trust.mode === 'hops') return trust.hops > 0
  const peer = peerAddress(c)
  return peer !== undefined && isTrusted(trust, peer)
}

/** The request came over HTTPS (directly, or to the trusted proxy in front of us). */
export function isHttps(c: Context, trust: ProxyTrust): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  return (
    peerIsProxy(c, trust) && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  )
}
