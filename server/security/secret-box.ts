import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Secrets the server must read back (an authenticator app's key), sealed with AES-256-GCM under
 * the server's key: a copy of the database alone reveals nothing and a changed ciphertext is
 * refused. `context` (the account's id) is bound as additional data, so a ciphertext moved to
 * another account's row does not open. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export const secretKeyBytes = 32

export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))
  return `v1.${parts.join('.')}`
}

/** The plaintext, or undefined when the box was sealed under another key, context or changed. */
export function openSecret(key: Buffer, sealed: string, context: string): string | undefined {
  const [version, iv, tag, ciphertext] = sealed.split('.')
  if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined)
    return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return undefined
  }
}
