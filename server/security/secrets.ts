import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export type Secrets = {
  /** HMAC-SHA256 key that signs XSRF tokens. */
  readonly xsrfKey: Buffer
}

const fileName = 'secrets.json'

function readKey(path: string): Buffer | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'xsrf' in parsed &&
      typeof parsed.xsrf === 'string'
    ) {
      const key = Buffer.from(parsed.xsrf, 'base64url')
      if (key.length >= 32) return key
    }
    throw new Error(`${path} does not hold a valid XSRF key`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * XSRF_SECRET from the environment when set (required when several instances share one
 * PostgreSQL: they must sign alike); otherwise a 256-bit key generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), so tokens survive restarts.
 */
export function loadSecrets({
  dataDir,
  xsrfSecret,
}: {
  dataDir: string
  xsrfSecret?: string | undefined
}): Secrets {
  if (xsrfSecret) return { xsrfKey: Buffer.from(xsrfSecret, 'utf8') }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const path = join(dataDir, fileName)
  const existing = readKey(path)
  if (existing) return { xsrfKey: existing }
  const key = randomBytes(32)
  try {
    // 'wx': when two processes start at once, exactly one creates the file; the other reads it.
    writeFileSync(path, `${JSON.stringify({ xsrf: key.toString('base64url') })}\n`, {
      mode: 0o600,
      flag: 'wx',
    })
    return { xsrfKey: key }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const written = readKey(path)
    if (!written) throw new Error(`${path} disappeared while starting`)
    return { xsrfKey: written }
  }
}
