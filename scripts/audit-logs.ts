// Audits the structured logs of a test run (`.tmp/test-logs/*.ndjson`, written by the server
// tests' app instances and the end-to-end server): the security events must be there, and no
// line may hold a password, a token or session id, or a full email address.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const requiredEvents = [
  'http.request',
  'auth.register',
  'auth.register.duplicate',
  'auth.recovery.requested',
  'auth.reset',
  'auth.reset.failed',
  'auth.login',
  'auth.login.failed',
  'auth.logout',
  'email.verified',
  'session.revoked',
  'password.changed',
  'account.deleted',
  'password.refused',
  'request.invalid',
  'xsrf.rejected',
  'rate.limited',
  'inbound.received',
  'inbound.refused',
] as const

/** Passwords the test suites use: none may ever reach a log. */
export const knownTestPasswords = [
  'violet harbour lantern',
  'correct horse battery staple',
  'first password 123',
  'a brand new passphrase',
  'granite meadow saxophone',
  'crash test password',
  'copper lantern orchard',
]

const secretKeys = new Set([
  'password',
  'passwordhash',
  'token',
  'email',
  'recipient',
  'cookie',
  'sid',
  'sessionid',
])
// A full address: something before the @ that is not a mask (j***@example.com is allowed),
// Unicode local parts included (josé@example.com), as an SMTP server's refusal may quote one.
const fullEmail = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u
// 256-bit secrets in base64url (reset tokens, session ids, XSRF signatures) and argon2 hashes.
const secret43 = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/
const argon2 = /\$argon2(id|i|d)\$/

export type Audit = {
  readonly lines: number
  readonly events: Record<string, number>
  readonly missing: string[]
  readonly violations: string[]
}

function walkKeys(value: unknown, found: string[], path = ''): void {
  if (value === null || typeof value !== 'object') return
  for (const [key, inner] of Object.entries(value)) {
    if (secretKeys.has(key.toLowerCase()) && inner !== '[redacted]') found.push(`${path}${key}`)
    walkKeys(inner, found, `${path}${key}.`)
  }
}

export function auditLines(text: string, source = 'log'): Audit {
  const events: Record<string, number> = {}
  const violations: string[] = []
  let lines = 0
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return
    lines += 1
    const where = `${source}:${index + 1}`
    const problems: string[] = []
    if (fullEmail.test(line)) problems.push('a full email address')
    if (secret43.test(line)) problems.push('a 256-bit token or session id')
    if (argon2.test(line)) problems.push('a password hash')
    for (const password of knownTestPasswords)
      if (line.includes(password)) problems.push('a password')
    try {
      const parsed: unknown = JSON.parse(line)
      const keys: string[] = []
      walkKeys(parsed, keys)
      for (const key of keys) problems.push(`the key "${key}" unredacted`)
      const event = (parsed as { event?: unknown }).event
      if (typeof event === 'string') events[event] = (events[event] ?? 0) + 1
    } catch {
      // Not every line of a process's stdout is ours (npm, the build): still searched above.
    }
    for (const problem of problems) violations.push(`${where}: ${problem}`)
  })
  return { lines, events, missing: [], violations }
}

export function auditDirectory(dir: string): Audit {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.ndjson')) : []
  const total: Audit = { lines: 0, events: {}, missing: [], violations: [] }
  for (const file of files) {
    const audit = auditLines(readFileSync(join(dir, file), 'utf8'), file)
    Object.assign(total, { lines: total.lines + audit.lines })
    for (const [event, n] of Object.entries(audit.events))
      total.events[event] = (total.events[event] ?? 0) + n
    total.violations.push(...audit.violations)
  }
  total.missing.push(...requiredEvents.filter((event) => !total.events[event]))
  return total
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? '.tmp/test-logs'
  const audit = auditDirectory(dir)
  const counts = Object.entries(audit.events)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([event, n]) => `${event} ${n}`)
    .join(', ')
  console.log(`Log audit of ${dir}: ${audit.lines} lines; events: ${counts || 'none'}`)
  if (audit.missing.length) console.log(`  missing events: ${audit.missing.join(', ')}`)
  for (const violation of audit.violations.slice(0, 20)) console.log(`  ${violation}`)
  if (audit.violations.length > 20) console.log(`  … and ${audit.violations.length - 20} more`)
  console.log(
    `  secrets found: ${audit.violations.length} (passwords, tokens, session ids, full email addresses)`,
  )
  process.exit(audit.missing.length || audit.violations.length ? 1 : 0)
}
