import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isUuid, uuidSchema } from './uuid'

describe('the id rule', () => {
  it('accepts a database id in any case, the nil id included', () => {
    for (const id of [
      '0b6f7c1e-3d1a-4f4e-9a57-0d5c1c1b2a3f',
      '0B6F7C1E-3D1A-4F4E-9A57-0D5C1C1B2A3F',
      '00000000-0000-0000-0000-000000000000',
    ]) {
      expect(isUuid(id)).toBe(true)
      expect(v.is(uuidSchema, id)).toBe(true)
    }
  })

  it('refuses anything else', () => {
    for (const id of [
      'not-a-uuid',
      '',
      '0b6f7c1e3d1a4f4e9a570d5c1c1b2a3f',
      '0b6f7c1e-3d1a-4f4e-9a57-0d5c1c1b2a3',
      '0b6f7c1e-3d1a-4f4e-9a57-0d5c1c1b2a3f0',
      ' 0b6f7c1e-3d1a-4f4e-9a57-0d5c1c1b2a3f',
      'zb6f7c1e-3d1a-4f4e-9a57-0d5c1c1b2a3f',
      42,
      undefined,
    ]) {
      expect(isUuid(id)).toBe(false)
      expect(v.is(uuidSchema, id)).toBe(false)
    }
  })
})
