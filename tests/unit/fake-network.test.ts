import { afterEach, describe, expect, it } from 'vitest'
import { installFakeNetwork } from '../doubles/fake-network'

let network = installFakeNetwork()
afterEach(() => network.restore())

describe('the fake network', () => {
  it('waits for a request the app sends seconds late (a page chunk compiling on a loaded machine)', async () => {
    network = installFakeNetwork()
    // Sent 2.5 s after the test starts waiting: later than a 2 s patience, well within 20 s.
    const sent = new Promise<void>((resolve) =>
      setTimeout(() => {
        void fetch('/api/v1/admin/service-requests/request-1')
        resolve()
      }, 2500),
    )
    const request = await network.next('/api/v1/admin/service-requests/request-1')
    await sent
    expect(request.method).toBe('GET')
    request.respond(200, {})
  })

  it('still says which request was never sent, at its deadline', async () => {
    network = installFakeNetwork()
    await expect(network.next('/api/v1/never', 50)).rejects.toThrow(
      'No request to /api/v1/never was sent',
    )
  })
})
