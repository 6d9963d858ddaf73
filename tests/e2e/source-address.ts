import { randomInt } from 'node:crypto'

/**
 * The client address this test file's requests come from. The e2e server trusts loopback as its
 * proxy (TRUST_PROXY in global-setup.ts), so it keys rate limits by the X-Forwarded-For each
 * file sends: every file has budgets of its own, and adding a test never trips a 429 in another
 * file. Drawn once per file (each file is a module of its own) from 10.0.0.0/8.
 */
export const fileSourceAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

/** The header that makes a request come from `address` (this file's, unless another is named). */
export function fromAddress(address: string = fileSourceAddress): Record<string, string> {
  return { 'X-Forwarded-For': address }
}
