import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config'
import { stopGracefully } from '../graceful-stop'
import { silentLogger } from '../log/logger'
import { startServices } from '../services'
import { databaseUrlOf, freePort, isListening } from '../test/server-process'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'

const [embedded] = testBackends()
if (!embedded) throw new Error('No test database')

/** The server's own start and stop (services.ts, graceful-stop.ts) with replies by email on. */
describe('the listener of replies by email in the server’s life', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(embedded)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('listens when INBOUND_SMTP_PORT is set, and a graceful stop closes it, an open SMTP connection included (exit 0)', async () => {
    const port = await freePort()
    const config = readConfig(
      {
        DATABASE_URL: databaseUrlOf(database.connection),
        TOTP_ENCRYPTION_KEY: '07'.repeat(32),
        INBOUND_SMTP_PORT: String(port),
        INBOUND_MAIL_DOMAIN: 'reply.agency.example',
      },
      { clientDir: '/nonexistent' },
    )
    const services = await startServices(config, silentLogger)
    expect(services.inbound?.port).toBe(port)
    expect(await isListening(port)).toBe(true)
    // A sending server connected and greeted, its mail not yet sent.
    const socket = connect(port, '127.0.0.1')
    const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')))
    socket.on('error', () => {})
    await new Promise<void>((resolve) => socket.once('data', () => resolve()))
    socket.write('EHLO mx.sender.example\r\n')

    const code = await stopGracefully({ server: undefined, services, logger: silentLogger })
    expect(code).toBe(0)
    // Within the listener's 5 s close timeout; the deadline only turns a hang into a failure.
    const deadline = new Promise<'still open'>((resolve) =>
      setTimeout(() => resolve('still open'), 20_000).unref(),
    )
    expect(await Promise.race([closed, deadline])).toBe('closed')
    expect(await isListening(port)).toBe(false)
  }, 60_000)
})
