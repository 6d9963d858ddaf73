import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { metricsRegistry } from '../log/metrics'
import { ApiClient, type ApiServer, startApi } from '../test/api-harness'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'

const [embedded] = testBackends()
if (!embedded) throw new Error('No test database')

/** The count of `db_unavailable_answers_total{reason}` in this process's registry. */
async function answered(reason: string): Promise<number> {
  const metric = metricsRegistry.getSingleMetric('db_unavailable_answers_total')
  const values = (await metric?.get())?.values ?? []
  return values.find((value) => value.labels.reason === reason)?.value ?? 0
}

describe('the statement timeouts, counted for /metrics', () => {
  let database: TestDatabase | undefined
  let api: ApiServer | undefined
  afterAll(async () => {
    await api?.close()
    await database?.drop()
  })

  it('a request whose statement the server stopped at statement_timeout is answered 503 and counted by its reason', async () => {
    // A short statement timeout and no lock timeout: a wait for a lock is ended by the former.
    database = await createTestDatabase(embedded, 2, undefined, {
      connectMs: 2000,
      queryMs: 10_000,
      statementMs: 300,
    })
    api = await startApi(database)
    const browser = new ApiClient(api.url)
    await browser.fetchXsrfToken()
    const holder = new pg.Client(database.connection)
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE')
      const before = await answered('statement_timeout')
      const login = await browser.post('/api/v1/auth/login', {
        email: 'someone@example.com',
        password: 'granite meadow saxophone',
        remember: false,
      })
      expect(login.status).toBe(503)
      expect(await answered('statement_timeout')).toBe(before + 1)
    } finally {
      await holder.end()
    }
  })
})
