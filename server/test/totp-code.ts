import { createHmac } from 'node:crypto'

/**
 * RFC 6238 codes computed here, independently of the server's library: SHA-1, 6 digits,
 * 30-second steps, from the base32 secret the server handed out.
 */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char)
    if (index < 0) throw new Error(`Not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** The time step of `at` (30-second steps since the epoch). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 30_000)
}

/** The code of `step` (RFC 4226 HOTP of the step counter). */
export function totpCodeAtStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}

/** The code an authenticator app shows at `at`. */
export function totpCode(secret: string, at: Date): string {
  return totpCodeAtStep(secret, totpStep(at))
}
