import type { Cookie } from 'playwright-core'
import { endpoints } from '../../../domain/api/api-contract'
import { serviceRequestPayload } from '../../../domain/requests/service-request-form'
import { pathRegistration } from '../../doubles/registration-flow-answers'
import { briefValues } from '../../doubles/request-brief-answers'
import type { ApiAnswer } from '../api-session'
import { newApiSession } from '../api-session'
import { waitForLink } from '../mail-box'

/** A client of the real server for the Chromium paths of signed-in pages. */
export type PathClient = {
  /** The session's cookies: each path's fresh browser context starts with them. */
  readonly cookies: readonly Cookie[]
  /** A request of theirs, to open its workspace. */
  readonly requestId: string
  close(): Promise<void>
}

function expectStatus(what: string, answer: ApiAnswer, status: number): void {
  if (answer.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text}`)
}

/**
 * Registers, confirms (with the link the real SMTP server received) and signs in a client
 * through the API, and sends a request in their name: once per file, as every path of the
 * file opens the same page in a fresh context with the same session.
 */
export async function signedInPathClient(what: string): Promise<PathClient> {
  const api = await newApiSession()
  const email = `e2e.paths.${what}.${Date.now()}@example.com`
  const password = 'lantern orbit mango 42'
  expectStatus(
    'registration',
    await api.call('POST', endpoints.register.path, { ...pathRegistration, email, password }),
    201,
  )
  const token = await waitForLink(email, 'verify-email')
  expectStatus('confirmation', await api.call('POST', endpoints.verifyEmail.path, { token }), 200)
  expectStatus('sign-in', await api.call('POST', endpoints.login.path, { email, password }), 200)
  const created = await api.call(
    'POST',
    endpoints.createServiceRequest.path,
    serviceRequestPayload('web-design', briefValues),
  )
  expectStatus('a request', created, 201)
  const { cookies } = await api.http.storageState()
  return {
    cookies,
    requestId: (created.body as { request: { id: string } }).request.id,
    close: () => api.close(),
  }
}
