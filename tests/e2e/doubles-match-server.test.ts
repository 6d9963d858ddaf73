import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { endpoints, xsrfCookieName } from '../../domain/api/api-contract'
import { testXsrfToken } from '../doubles/fake-network'
import { serverEmailMessage } from '../doubles/registration-flow-answers'
import { closeSituations, situations } from './answer-situations'
import type { ApiAnswer } from './api-session'
import { newApiSession } from './api-session'
import { type HeldAnswer, heldAnswers, heldTables, leftOut, shapeDifferences } from './held-answers'

// The fake network's held answers (tests/doubles/: the tables the jsdom paths and the Chromium
// paths both answer from, gathered in held-answers.ts) against what the real server answers in
// the same situation (answer-situations.ts): for each answer a table holds, the situation is
// made real and the server's status, code and body shape must be the table's. An answer with
// no situation fails too, so a new held answer cannot drift from the server unseen. Left out by
// design, and named where they are held: a failed network (`unreachable()`) and the bodies the
// server never sends (`offContract`: a proxy's page, an older server).

afterAll(closeSituations)

/** Each situation once, however many tables hold an answer for it. */
const made = new Map<string, Promise<ApiAnswer>>()
function real(situation: string): Promise<ApiAnswer> {
  const make = situations[situation]
  if (!make) throw new Error(`No real situation for the held answer "${situation}"`)
  let answer = made.get(situation)
  if (!answer) {
    answer = make()
    made.set(situation, answer)
  }
  return answer
}

/** What must be equal besides the shape: the status, `success` and the code. */
function verdict(status: number, body: unknown) {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  return { status, success: record.success, code: record.code }
}

const root = join(import.meta.dirname, '..', '..')

function filesUnder(folder: string, suffix: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(folder, name))
}

describe('the fake network’s held answers are what the real server answers', () => {
  it('every answer table of tests/doubles/ is gathered for the check', () => {
    const tables = readdirSync(join(root, 'tests/doubles'))
      .filter((name) => name.endsWith('-answers.ts') && name !== 'api-answers.ts')
      .map((name) => name.replace(/\.ts$/, ''))
      .sort()
    expect(tables).toEqual([...heldTables].sort())
    expect(new Set(heldAnswers.map((answer) => answer.table))).toEqual(new Set(heldTables))
  })

  it('an answer is left out only for a named reason: a failed network, off contract, no body', () => {
    expect(leftOut.filter((answer) => answer.why === '')).toEqual([])
    expect(leftOut.length).toBeGreaterThan(0)
  })

  it('no test of the fake network holds an answer of its own: each answers from a table', () => {
    const pathTests = [
      ...filesUnder('src', '.test.tsx'),
      ...filesUnder('src', '.test.ts'),
      ...filesUnder('tests/e2e/paths', '.ts'),
      ...filesUnder('tests/paths', '.tsx'),
    ]
    const inline = pathTests.filter((file) =>
      readFileSync(join(root, file), 'utf8').includes("doubles/api-answers'"),
    )
    expect(inline).toEqual([])
  })

  it.each(heldAnswers.map((answer) => [`${answer.table}: ${answer.situation}`, answer] as const))(
    '%s',
    async (_, answer: HeldAnswer) => {
      const sent = await real(answer.situation)
      expect(verdict(sent.status, sent.body), sent.text).toEqual(
        verdict(answer.status, answer.body),
      )
      expect(shapeDifferences(answer.body, sent.body), sent.text).toEqual([])
    },
  )

  it('the XSRF token: 204, no body, the cookie set', async () => {
    const api = await newApiSession()
    try {
      const answer = await api.call('GET', endpoints.xsrfToken.path)
      expect(answer.status).toBe(204)
      expect(answer.text).toBe('')
      const cookies = (await api.http.storageState()).cookies.map((cookie) => cookie.name)
      expect(cookies).toContain(xsrfCookieName)
      // The double sets a fixed value where the server sets a signed one.
      expect(testXsrfToken).not.toBe('')
    } finally {
      await api.close()
    }
  })

  it('the per-field message the registration table holds is the server’s, word for word', async () => {
    const sent = await real('register invalid_fields')
    const held = heldAnswers.find((answer) => answer.situation === 'register invalid_fields')
    const fieldsOf = (body: unknown) => (body as { fields?: Record<string, string> }).fields
    expect(fieldsOf(sent.body)?.email).toBe(serverEmailMessage)
    expect(fieldsOf(held?.body)?.email).toBe(serverEmailMessage)
  })
})
