import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { listen } from '../http-server'
import { type ProxyTrust, parseTrustProxy } from '../security/client-ip'

const clientDir = mkdtempSync(join(tmpdir(), 'agency-request-id-'))
const closers: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const close of closers) await close()
  rmSync(clientDir, { recursive: true, force: true })
})

/** The app on loopback (the tests' peer is 127.0.0.1) behind the given TRUST_PROXY. */
async function appBehind(trustProxy: string): Promise<string> {
  const parsed = parseTrustProxy(trustProxy)
  if (!parsed.ok) throw new Error(parsed.problem)
  const trust: ProxyTrust = parsed.trust
  const server = listen(createApp({ clientDir, trustProxy: trust, scriptHashes: [] }), {
    hostname: '127.0.0.1',
    port: 0,
  })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeIdleConnections' in server) server.closeIdleConnections()
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const idOf = async (url: string, sent?: string) =>
  (await fetch(`${url}/healthz`, sent ? { headers: { 'x-request-id': sent } } : {})).headers.get(
    'x-request-id',
  )
const generated = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('the request id', () => {
  it('is generated when nobody is trusted, whatever the client sends', async () => {
    const url = await appBehind('false')
    expect(await idOf(url, 'edge-1234abcd')).toMatch(generated)
    expect(await idOf(url)).toMatch(generated)
  })

  it('is generated when the peer is not one of the listed proxies', async () => {
    const url = await appBehind('10.0.0.0/8')
    expect(await idOf(url, 'edge-1234abcd')).toMatch(generated)
  })

  it('is kept from a trusted proxy (listed address or hop count) when well formed', async () => {
    for (const trust of ['127.0.0.1', 'true']) {
      const url = await appBehind(trust)
      expect(await idOf(url, 'edge-1234abcd')).toBe('edge-1234abcd')
      expect(await idOf(url, 'a b<c>')).toMatch(generated)
      expect(await idOf(url, 'x'.repeat(65))).toMatch(generated)
    }
  })

  it('is new for every request', async () => {
    const url = await appBehind('false')
    expect(await idOf(url)).not.toBe(await idOf(url))
  })
})
