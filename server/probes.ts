import { Hono } from 'hono'
import type { RequestEnv } from './log/request-log'

/**
 * The probes a process manager and a load balancer ask (docs/decisions/054):
 * - `/livez`: the process answers. Never touches the database: an outage must not get every
 *   instance restarted, when restarting mends nothing.
 * - `/readyz`: send traffic here? The database answers, it has every migration this build
 *   needs (more is fine: the previous release during a rolling upgrade, whose schema is
 *   expanded, docs/decisions/056), and the instance is not draining (a SIGTERM turns it 503 at once, while the instance
 *   still serves for SHUTDOWN_DELAY_MS).
 * - `/healthz`: the database answers (kept for what already watches it; /readyz says more).
 */
export type ProbeOptions = {
  /** Resolves when the database answers; rejects otherwise. */
  readonly checkHealth: () => Promise<void>
  /** How many of the build's migrations the database lacks (default: none). */
  readonly migrationsPending?: () => Promise<number>
  /** Whether the instance is stopping (default: never). */
  readonly draining?: () => boolean
}

/** A probe that touches the database gives up after this long: it must never hang. */
const probeTimeoutMs = 1500

/** Resolves with `work`'s result, or rejects once `probeTimeoutMs` has passed. */
async function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('probe timed out')), probeTimeoutMs)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** The instance's stop switch: `/readyz` answers 503 from `start()` on. */
export type Drain = { readonly draining: boolean; start(): void }

export function createDrain(): Drain {
  let draining = false
  return {
    get draining() {
      return draining
    },
    start() {
      draining = true
    },
  }
}

export function probeRoutes({
  checkHealth,
  migrationsPending = async () => 0,
  draining = () => false,
}: ProbeOptions): Hono<RequestEnv> {
  const probes = new Hono<RequestEnv>()
  // A database is never un-migrated: once current, the question is not asked again.
  let migrated = false
  probes.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    await next()
  })

  probes.get('/livez', (c) => c.json({ status: 'ok' }))

  probes.get('/healthz', async (c) => {
    try {
      await bounded(checkHealth())
      return c.json({ status: 'ok' })
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    }
  })

  probes.get('/readyz', async (c) => {
    if (draining()) return c.json({ status: 'draining' }, 503)
    try {
      await bounded(checkHealth())
      if (!migrated) migrated = (await bounded(migrationsPending())) === 0
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    }
    if (!migrated) return c.json({ status: 'migrations_pending' }, 503)
    return c.json({ status: 'ready' })
  })

  return probes
}
