import { type DestinationStream, type Logger, pino } from 'pino'
import { maskEmailsDeep } from './mask-email'

export type { Logger }

/**
 * The process's structured log: one JSON object per line on stdout (or `destination`), for a log
 * shipper to pick up. Values that must never be written are censored by key wherever they
 * appear, as a second line of defence: code logs account ids, masked addresses and client
 * addresses, never a password, token, email address, cookie or session id. Text written by others
 * (an SMTP server's refusal, a driver's error) may still quote an address: every string of every
 * line, message and fields, has its addresses masked (mask-email.ts) before it is written.
 */
export const redactedKeys = [
  'password',
  'passwordHash',
  'token',
  'email',
  'recipient',
  'cookie',
  'sid',
  'sessionId',
  'authorization',
] as const

export function createLogger(
  options: { level?: string; destination?: DestinationStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          return method.apply(this, args.map((arg) => maskEmailsDeep(arg)) as typeof args)
        },
      },
      redact: {
        paths: redactedKeys.flatMap((key) => [key, `*.${key}`]),
        censor: '[redacted]',
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  )
}

/** A logger that writes nothing (tests that do not look at the log). */
export const silentLogger: Logger = pino({ level: 'silent' })

/** Adapts the logger to the `(message) => void` callbacks of start-up code. */
export function logLine(logger: Logger): (message: string) => void {
  return (message) => logger.info(message)
}
