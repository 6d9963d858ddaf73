import { expect } from 'vitest'
import type { SignedIn } from './signed-in'

/** A client's brief as the e2e files send it: a bakery's new site. */
export const brief = {
  serviceId: 'web-design',
  need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
  desiredStart: 'within-1-month',
  budget: '25k-75k',
} as const

/** Sends `brief` as a service request of `client`, through the API; its id. */
export async function requestService(client: SignedIn): Promise<string> {
  const answer = await client.api.call('POST', '/api/v1/me/service-requests', brief)
  expect(answer.status, answer.text).toBe(201)
  return (answer.body as { request: { id: string } }).request.id
}
