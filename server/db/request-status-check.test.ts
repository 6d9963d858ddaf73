import { describe, expect, it } from 'vitest'
import { serviceRequestMachine } from '../../machines/service-request-machine'
import { testBackends, useTestDatabase } from '../test/test-database'

// The migrations are SQL written once; the machine may grow a state later. The database must
// accept exactly the machine's states, or a change the machine allows would fail to store (or
// a status no page knows could be stored).
describe.each(testBackends())('the stored statuses of a request on $name', (backend) => {
  const database = useTestDatabase(backend, 2)

  it('are exactly the serviceRequest machine’s states', async () => {
    const { rows } = await database.pool.query<{ definition: string }>(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE conname = 'service_requests_status_check'`,
    )
    expect(rows).toHaveLength(1)
    const allowed = [...(rows[0]?.definition ?? '').matchAll(/'([^']+)'::text/g)].map(
      (match) => match[1],
    )
    expect(allowed).toEqual(Object.keys(serviceRequestMachine.states))
  })
})
