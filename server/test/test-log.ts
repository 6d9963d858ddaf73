import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { pino } from 'pino'
import { createLogger, type Logger } from '../log/logger'

/**
 * Where the server tests' app instances log: one NDJSON file per test worker under
 * `.tmp/test-logs/`, which `npm test` audits after the run (scripts/audit-logs.mjs): the
 * security events must be there, and no password, token, session id or full email address.
 */
export const testLogDir = resolve(import.meta.dirname, '../../.tmp/test-logs')

let shared: Logger | undefined

export function testLogger(): Logger {
  shared ??= createLogger({
    level: 'info',
    destination: pino.destination({
      dest: join(testLogDir, `server-${process.pid}-${randomBytes(4).toString('hex')}.ndjson`),
      mkdir: true,
      sync: true,
    }),
  })
  return shared
}
