import { describe, expect, it } from 'vitest'
import {
  addressKey,
  maxProxyHops,
  normaliseAddress,
  type ProxyTrust,
  parseTrustProxy,
  resolveClientAddress,
} from './client-ip'

function trust(value: string): ProxyTrust {
  const parsed = parseTrustProxy(value)
  if (!parsed.ok) throw new Error(parsed.problem)
  return parsed.trust
}

describe('TRUST_PROXY parsing', () => {
  it('accepts false, true, a hop count, and a list of addresses and CIDR blocks', () => {
    expect(trust('false')).toEqual({ mode: 'none' })
    expect(trust('0')).toEqual({ mode: 'none' })
    expect(trust('true')).toEqual({ mode: 'hops', hops: 1 })
    expect(trust('2')).toEqual({ mode: 'hops', hops: 2 })
    expect(trust(' 10.0.0.0/8, 2001:db8::/32 ,127.0.0.1').mode).toBe('addresses')
  })
  it('refuses anything else with the reason', () => {
    for (const bad of [
      'yes',
      '11',
      '10.0.0.0/33',
      '10.0.0.300',
      '::1/129',
      'proxy.internal',
      '1.2.3.4/8/8',
      ''.padEnd(3, ','),
    ])
      expect(parseTrustProxy(bad)).toMatchObject({ ok: false, problem: expect.any(String) })
  })
})

describe('the client address', () => {
  const none = trust('false')
  const oneHop = trust('true')
  const twoHops = trust('2')
  const list = trust('10.0.0.0/8, fd00::/8')

  it('without trust: the socket peer, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', none)).toBe('203.0.113.9')
  })
  it('with hops: the entry that many hops from us, ignoring what the client prepended', () => {
    expect(resolveClientAddress('10.0.0.2', 'spoofed, 198.51.100.7', oneHop)).toBe('198.51.100.7')
    expect(resolveClientAddress('10.0.0.2', '1.1.1.1, 198.51.100.7, 10.0.0.9', twoHops)).toBe(
      '198.51.100.7',
    )
    // Fewer entries than hops: the furthest one we have.
    expect(resolveClientAddress('10.0.0.2', '198.51.100.7', twoHops)).toBe('198.51.100.7')
    expect(resolveClientAddress('10.0.0.2', undefined, oneHop)).toBe('10.0.0.2')
  })
  it('with a proxy list: walks right to left over our proxies and stops at the first other address', () => {
    expect(resolveClientAddress('10.1.1.1', '6.6.6.6, 198.51.100.7, 10.2.2.2', list)).toBe(
      '198.51.100.7',
    )
    // The peer is not one of our proxies: its header is not believed.
    expect(resolveClientAddress('203.0.113.9', '198.51.100.7', list)).toBe('203.0.113.9')
    expect(resolveClientAddress('fd00::1', '2001:db8::5', list)).toBe('2001:db8::5')
  })
  it('never keys on something that is not an address: an invalid entry stops at the last trusted hop', () => {
    expect(resolveClientAddress('10.0.0.2', 'not-an-ip', oneHop)).toBe('10.0.0.2')
    expect(resolveClientAddress('10.0.0.2', `${'9'.repeat(8000)}`, oneHop)).toBe('10.0.0.2')
    expect(resolveClientAddress('10.1.1.1', `1.2.3.4, ${'x'.repeat(8000)}`, list)).toBe('10.1.1.1')
  })
  it('examines only the entries it needs, however long the header: at most the hop limit', () => {
    // 700 distinct addresses, every one of them "ours": an unbounded walk would reach the first.
    const entries = Array.from(
      { length: 700 },
      (_, i) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    )
    const header = entries.join(', ')
    expect(header.length).toBeGreaterThan(8000)
    expect(resolveClientAddress('10.0.0.2', header, list)).toBe(
      entries[entries.length - maxProxyHops],
    )
  })
  it('normalises ports, brackets, zones and IPv4-mapped IPv6', () => {
    expect(normaliseAddress('198.51.100.7:4711')).toBe('198.51.100.7')
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1')
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(normaliseAddress('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(normaliseAddress('')).toBeUndefined()
    expect(normaliseAddress('1.2.3')).toBeUndefined()
  })
  it('groups IPv6 per /64, so one subscriber rotating addresses shares one budget', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7')
  })
})
