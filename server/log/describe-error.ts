import { maskEmailsIn } from './mask-email'

/**
 * An error as it may be written to the log. Drizzle's query errors carry the query's
 * parameters in their message (`Failed query: … params: …`), which for a registration means the
 * password hash and personal data: those never reach the log, only the query and the driver's
 * own error (PostgreSQL's SQLSTATE and message, which name constraints, not values). Addresses
 * quoted anywhere in the text (an SMTP refusal names its recipient) are masked.
 */
export function describeError(error: unknown): string {
  return maskEmailsIn(describeUnmasked(error))
}

function describeUnmasked(error: unknown): string {
  if (!(error instanceof Error)) return `non-Error thrown (${typeof error})`
  const paramsAt = error.message.indexOf('\nparams:')
  const message = paramsAt === -1 ? error.message : error.message.slice(0, paramsAt)
  const cause = error.cause
  if (!(cause instanceof Error)) return message
  const code = (cause as Error & { code?: unknown }).code
  return `${message} — caused by ${typeof code === 'string' ? `SQLSTATE ${code}: ` : ''}${cause.message}`
}
