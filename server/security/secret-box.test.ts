import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { factorKeyFile, parseFactorKey, readOrCreateFactorKey } from './factor-key'
import { openSecret, sealSecret } from './secret-box'

const key = Buffer.alloc(32, 1)
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('sealed secrets (AES-256-GCM)', () => {
  it('opens with the same key and account only; a changed box is refused', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'account-1')
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(sealSecret(key, 'JBSWY3DPEHPK3PXP', 'account-1')).not.toBe(sealed)
    expect(openSecret(key, sealed, 'account-1')).toBe('JBSWY3DPEHPK3PXP')
    expect(openSecret(Buffer.alloc(32, 2), sealed, 'account-1')).toBeUndefined()
    expect(openSecret(key, sealed, 'account-2')).toBeUndefined()
    const [v, iv, tag, body = ''] = sealed.split('.')
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`
    expect(openSecret(key, [v, iv, tag, flipped].join('.'), 'account-1')).toBeUndefined()
    expect(openSecret(key, 'v2.x.y.z', 'account-1')).toBeUndefined()
  })
})

describe('the key (TOTP_ENCRYPTION_KEY)', () => {
  it('is 32 bytes as 64 hex digits or base64/base64url; anything else is refused', () => {
    expect(parseFactorKey('ab'.repeat(32))?.length).toBe(32)
    expect(parseFactorKey(Buffer.alloc(32, 9).toString('base64url'))?.length).toBe(32)
    expect(parseFactorKey(Buffer.alloc(32, 9).toString('base64'))?.length).toBe(32)
    expect(parseFactorKey('ab'.repeat(31))).toBeUndefined()
    expect(parseFactorKey('correct horse battery staple')).toBeUndefined()
  })

  it('without configuration on the embedded database: generated once into DATA_DIR, owner-only, the same on every start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agency-factor-key-'))
    dirs.push(dataDir)
    const first = readOrCreateFactorKey(dataDir)
    expect(first).toHaveLength(32)
    const path = join(dataDir, factorKeyFile)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readOrCreateFactorKey(dataDir).equals(first)).toBe(true)
    expect(parseFactorKey(readFileSync(path, 'utf8'))?.equals(first)).toBe(true)
    writeFileSync(path, 'damaged')
    expect(() => readOrCreateFactorKey(dataDir)).toThrow(/does not hold a 32-byte key/)
  })
})
