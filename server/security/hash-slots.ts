/**
 * A cap on concurrent argon2 hashes. Each one takes 19 MiB and ~10 ms of a core: without a cap,
 * a burst of sign-ups or resets queues unbounded memory and every request slows down together.
 * Up to `concurrency` run at once, up to `queue` more wait their turn, and beyond that the
 * request is refused at once (BusyError → 503 with Retry-After) instead of waiting for minutes.
 */
export class BusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password hashes in progress')
    this.name = 'BusyError'
  }
}

export type HashSlots = {
  run<T>(work: () => Promise<T>): Promise<T>
  /** Hashes running and waiting, for tests and the log. */
  readonly load: { running: number; waiting: number }
}

export function createHashSlots({
  concurrency = 4,
  queue = 32,
  retryAfterSeconds = 2,
}: {
  concurrency?: number
  queue?: number
  retryAfterSeconds?: number
} = {}): HashSlots {
  let running = 0
  const waiting: Array<() => void> = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= queue) throw new BusyError(retryAfterSeconds)
        // The slot is handed over by release(): `running` stays the same.
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else running += 1
      try {
        return await work()
      } finally {
        release()
      }
    },
    get load() {
      return { running, waiting: waiting.length }
    },
  }
}
