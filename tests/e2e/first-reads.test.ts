import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import { describe, expect, test } from './signed-in'

// A page behind the sign-in names the API reads it starts with in its HTML (its route's
// `firstReads`): the browser fetches them before the page's scripts, and the page's own
// requests take those answers, so each address is asked for once.

/** Every request the page makes from now on, in order, as paths (query included). */
function recordRequests(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    paths.push(url.pathname + url.search)
  })
  return paths
}

/** The files of the client build that pages behind the sign-in start from. */
const signedInBuild = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(inject('buildDir'), 'chunks-signed-in.json'), 'utf8'))

const firstScript = (paths: readonly string[]) => paths.findIndex((path) => path.endsWith('.js'))

describe('the first reads of a page behind the sign-in', () => {
  test('/my-services: who is signed in and the requests, fetched with the HTML, once each', async ({
    client,
  }) => {
    const created = await client.api.call('POST', '/api/v1/me/service-requests', {
      serviceId: 'web-design',
      need: 'A booking site for our dental practice in Puebla, with reminders by text.',
      desiredStart: 'within-1-month',
      budget: '25k-75k',
    })
    expect(created.status, created.text).toBe(201)
    const requests = recordRequests(client.page)
    await client.page.goto('/my-services')
    await client.page.locator('.request-card').first().waitFor()

    for (const read of ['/api/v1/me', '/api/v1/me/service-requests']) {
      expect(requests.filter((path) => path === read)).toEqual([read])
      expect(requests.indexOf(read)).toBeLessThan(firstScript(requests))
    }
    // Its code in five files of the signed-in pages' own build (docs/decisions/050): the entry,
    // what those pages share, its own, and two catalogs (the common one and the requests').
    const scripts = requests.filter((path) => path.endsWith('.js'))
    expect(scripts).toHaveLength(5)
    const report = signedInBuild()
    expect(scripts.filter((path) => !(path.slice(1) in report))).toEqual([])
    expect(scripts.some((path) => /\/page-my-services-/.test(path))).toBe(true)
    expect(client.errors).toEqual([])
  })

  test('/profile: who is signed in, the second factors and the sessions, once each', async ({
    client,
  }) => {
    const requests = recordRequests(client.page)
    await client.page.goto('/profile')
    await client.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await client.page.waitForLoadState('networkidle')

    for (const read of ['/api/v1/me', '/api/v1/me/factors', '/api/v1/me/sessions']) {
      expect(requests.filter((path) => path === read)).toEqual([read])
      expect(requests.indexOf(read)).toBeLessThan(firstScript(requests))
    }
    expect(client.errors).toEqual([])
  })
})
