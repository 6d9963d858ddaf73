import type { ServerType } from '@hono/node-server'
import { requestsInFlight, stopServing } from './http-server'
import type { Logger } from './log/logger'
import type { Services } from './services'

/**
 * How long a stop may take. A process manager or container runtime usually kills 10 s after its
 * SIGTERM: the requests in flight and the mail in hand get 8 s, and everything is closed by 9.5 s.
 */
export type StopBudget = { readonly drainMs: number; readonly totalMs: number }

export const defaultStopBudget: StopBudget = { drainMs: 8_000, totalMs: 9_500 }

/** Resolves with whether `work` settled within `milliseconds`. */
async function settlesWithin(work: Promise<unknown>, milliseconds: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, milliseconds))
  })
  try {
    return await Promise.race([work.then(() => true as const), late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Stops in order: no new connections; the requests in flight are answered while the mail worker
 * finishes the mail in hand (the rest of the queue stays for the next start or another instance);
 * then SMTP and the database close, once. Resolves with the exit code: 0 when everything ended on
 * its own, 1 when something had to be cut, each cut logged as `server.stop_forced` naming it.
 */
export async function stopGracefully({
  server,
  services,
  logger,
  budget = defaultStopBudget,
}: {
  readonly server: ServerType | undefined
  readonly services: Services
  readonly logger: Logger
  readonly budget?: StopBudget
}): Promise<number> {
  const startedAt = Date.now()
  let code = 0
  const failed = (step: string) => (error: unknown) => {
    code = 1
    logger.error({
      event: 'server.stop_failed',
      step,
      error: error instanceof Error ? error.message : String(error),
    })
  }
  let serving = server === undefined
  let background = false
  const requests = server
    ? stopServing(server).then(() => {
        serving = true
      })
    : Promise.resolve()
  const work = services
    .stopBackground()
    .catch(failed('background'))
    .finally(() => {
      background = true
    })
  const seconds = budget.drainMs / 1000
  await settlesWithin(Promise.all([requests, work]), budget.drainMs)
  if (!serving && server) {
    code = 1
    const open = requestsInFlight(server)
    logger.error({
      event: 'server.stop_forced',
      reason:
        open.length > 0
          ? `${open.length} requests still open after ${seconds} s: ${open.slice(0, 5).join(', ')}`
          : `connections still open after ${seconds} s (no request in flight)`,
    })
    if ('closeAllConnections' in server) server.closeAllConnections()
  }
  if (!background) {
    code = 1
    logger.error({
      event: 'server.stop_forced',
      reason: `a mail was still with the SMTP server after ${seconds} s: it stays claimed and is sent again when its lease ends`,
    })
  }
  const closing = services.close({ abandonMail: !background }).catch(failed('close'))
  if (!(await settlesWithin(closing, budget.totalMs - (Date.now() - startedAt)))) {
    code = 1
    logger.error({
      event: 'server.stop_forced',
      reason: `the database did not close within ${budget.totalMs / 1000} s of the stop request`,
    })
  }
  return code
}
