import { isIPv6 } from 'node:net'
import type { Context } from 'hono'

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } }

/**
 * The address rate limits are keyed on. Behind a trusted proxy (TRUST_PROXY) it is the
 * right-most X-Forwarded-For entry, the one our proxy appended (the left part is whatever the
 * client claimed). IPv6 clients are grouped by /64, the block one subscriber usually holds.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  let address: string | undefined
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')
    address = forwarded?.split(',').at(-1)?.trim() || undefined
  }
  address ??= (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown'
  if (address.startsWith('::ffff:')) address = address.slice(7)
  return isIPv6(address) ? ipv6Prefix(address) : address
}

function ipv6Prefix(address: string): string {
  const [head = '', tail = ''] = address.split('::')
  const headParts = head ? head.split(':') : []
  const tailParts = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill('0'), ...tailParts]
    : headParts
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** The request came over HTTPS (directly, or to the trusted proxy in front of us). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  return trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
}
