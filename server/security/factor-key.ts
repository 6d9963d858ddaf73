import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { secretKeyBytes } from './secret-box'

/**
 * The key that seals authenticator-app secrets (TOTP_ENCRYPTION_KEY): 32 bytes written as 64
 * hex digits or as base64/base64url. Returns undefined for anything else (the configuration
 * check names the problem).
 */
export function parseFactorKey(text: string): Buffer | undefined {
  const trimmed = text.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)
      ? Buffer.from(trimmed.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url')
      : undefined
  return key?.length === secretKeyBytes ? key : undefined
}

/** Where a generated key lives: beside the embedded database's credentials, owner-only. */
export const factorKeyFile = 'totp-encryption-key'

/**
 * The key for a start on the embedded database with no TOTP_ENCRYPTION_KEY: generated once into
 * DATA_DIR (made 0700, the file 0600, like the database's credentials file) and read from there
 * on every later start. Only the embedded database gets this: with DATABASE_URL several
 * instances may share the data, and each must be given the same key.
 */
export function readOrCreateFactorKey(dataDir: string): Buffer {
  const root = resolve(dataDir)
  mkdirSync(root, { recursive: true, mode: 0o700 })
  const path = join(root, factorKeyFile)
  try {
    const existing = parseFactorKey(readFileSync(path, 'utf8'))
    if (!existing) throw new Error(`${path} does not hold a 32-byte key`)
    return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const key = randomBytes(secretKeyBytes)
  // `wx`: two starts at once cannot both write; the loser reads the winner's key.
  try {
    writeFileSync(path, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
    chmodSync(path, 0o600)
    return key
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return readOrCreateFactorKey(dataDir)
  }
}
