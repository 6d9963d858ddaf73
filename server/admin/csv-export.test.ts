import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints } from '../../domain/api/api-contract'
import { createLogger } from '../log/logger'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { signedInAdmin } from '../test/factor-kit'
import { testBackends } from '../test/test-database'
import { setAccountRole } from './admin-role'
import { csvCell, csvLine } from './csv'

describe('the CSV dialect', () => {
  it('quotes every cell, its quotes doubled, so a ; spreadsheet never splits one', () => {
    expect(csvCell('plain')).toBe('"plain"')
    expect(csvCell('')).toBe('""')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"')
    expect(csvLine(['a', 'b;c'])).toBe('"a","b;c"\r\n')
  })

  it('defuses a formula start at the beginning and after a , or ; inside the cell', () => {
    expect(csvCell("ACME;=cmd|' /C calc'!A0")).toBe(`"ACME;'=cmd|' /C calc'!A0"`)
    expect(csvCell('ACME,@SUM(A1)')).toBe(`"ACME,'@SUM(A1)"`)
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1`)).toBe(`"'${start}1"`)
      expect(csvCell(`x;${start}1`)).toBe(`"x;'${start}1"`)
      expect(csvCell(`x,${start}1`)).toBe(`"x,'${start}1"`)
    }
    expect(csvCell('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`)
    expect(csvCell('=1;;+2')).toBe(`"'=1;;'+2"`)
    // Ordinary punctuation stays as written.
    expect(csvCell('Puebla; 10 a.m. - 2 p.m.')).toBe('"Puebla; 10 a.m. - 2 p.m."')
  })
})

const [embedded] = testBackends()

describe('a CSV export that fails mid-stream', () => {
  const logged: string[] = []
  let kit: AccountKit
  let admin: ApiClient
  beforeAll(async () => {
    if (!embedded) throw new Error('no test backend')
    kit = await startAccountKit(embedded, {
      logger: createLogger({ destination: { write: (line: string) => logged.push(line) } }),
    })
    const account = await kit.verifiedAccount()
    await setAccountRole(kit.database.pool, account.email, 'admin')
    admin = await signedInAdmin(kit, account)
    await kit.database.pool.query(
      `INSERT INTO contact_enquiries (name, email, budget, message, locale)
       SELECT 'Visitor ' || i, 'v' || i || '@example.com', 'not-sure',
         'A message long enough to be stored.', 'en'
       FROM generate_series(1, 20) AS i`,
    )
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  it('breaks the connection (a failed download, not a short file) and logs the error through the logger', async () => {
    const stderr = vi.spyOn(console, 'error')
    // A real fault at a known moment: the export's first batch waits on a lock held here, and its
    // database connection is then terminated by the server (pg_terminate_backend).
    const locker = new pg.Client(kit.database.connection)
    await locker.connect()
    try {
      const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
        .rows[0]?.pid
      await locker.query('BEGIN')
      await locker.query('LOCK TABLE contact_enquiries IN ACCESS EXCLUSIVE MODE')
      const response = await fetch(`${kit.api.url}${endpoints.adminEnquiriesCsv.path}`, {
        headers: admin.baseHeaders(),
      })
      // The status line and the header row were sent before the first batch was read.
      expect(response.status).toBe(200)
      const body = response.text()
      body.catch(() => {})

      // Watched from outside the locking transaction, whose view of pg_stat_activity is a
      // snapshot taken at its first look.
      let waiting: number | undefined
      for (let tries = 0; waiting === undefined && tries < 200; tries += 1) {
        const { rows } = await kit.database.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()
             AND pid <> $1 AND wait_event_type = 'Lock' AND query LIKE '%contact_enquiries%'`,
          [lockerPid],
        )
        waiting = rows[0]?.pid
        if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(waiting, 'the export never waited on the lock').toBeDefined()
      await locker.query('SELECT pg_terminate_backend($1)', [waiting])
      await locker.query('ROLLBACK')

      await expect(body).rejects.toThrow()
      const failures = logged
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.event === 'admin.export_failed')
      expect(failures).toEqual([
        expect.objectContaining({
          level: 'error',
          export: 'enquiries',
          error: expect.stringContaining('terminating connection due to administrator command'),
          requestId: expect.any(String),
        }),
      ])
      expect(stderr).not.toHaveBeenCalled()
    } finally {
      stderr.mockRestore()
      await locker.end()
    }
    // The next export, on a fresh connection, is whole.
    const again = await admin.get(endpoints.adminEnquiriesCsv.path)
    expect(again.status).toBe(200)
    expect(String(again.body.text).trimEnd().split('\r\n')).toHaveLength(21)
  }, 60_000)
})
