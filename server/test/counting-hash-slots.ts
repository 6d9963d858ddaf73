import { createHashSlots, type HashSlots } from '../auth/hash-slots'

/**
 * Hash slots that count every argon2 run (verifications and new hashes alike): a test reads how
 * many runs a request cost, which decides what a wall clock cannot decide reliably on a busy
 * machine (a guess reached the hash or not; both sign-in failures cost the same work).
 */
export function countingHashSlots(): HashSlots & { readonly runs: number } {
  const slots = createHashSlots({ concurrency: 4, queue: 64 })
  let runs = 0
  return {
    run(work) {
      runs += 1
      return slots.run(work)
    },
    get load() {
      return slots.load
    },
    get runs() {
      return runs
    },
  }
}
