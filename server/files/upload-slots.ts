import type { Pool } from 'pg'

/**
 * How many uploads an instance stores at once: each holds one of the pool's connections while
 * its body arrives (its transaction, up to the upload's 100 s), so at most half the pool, and
 * slow uploads never take the connections every other request needs.
 */
export function uploadSlotsOf(pool: Pool): number {
  return Math.max(1, Math.floor((pool.options.max ?? 10) / 2))
}

/**
 * How long a new upload waits for a slot before it is answered 503 `busy`: well within the
 * 10 s an upload may go without a byte read (docs/decisions/039).
 */
export const uploadSlotWaitMs = 5000

/**
 * The instance's upload slots: `take` resolves with the slot's release once one is free (in
 * turn), or with undefined when none freed within `waitMs`.
 */
export function createUploadSlots(size: number, waitMs = uploadSlotWaitMs) {
  let free = size
  const waiting: (() => void)[] = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else free += 1
  }
  return {
    take(): Promise<(() => void) | undefined> {
      if (free > 0) {
        free -= 1
        return Promise.resolve(release)
      }
      return new Promise((resolve) => {
        const turn = () => {
          clearTimeout(timer)
          resolve(release)
        }
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(turn), 1)
          resolve(undefined)
        }, waitMs)
        waiting.push(turn)
      })
    },
  }
}
