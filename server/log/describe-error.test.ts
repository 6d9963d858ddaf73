import { describe, expect, it } from 'vitest'
import { describeError } from './describe-error'

describe('describeError', () => {
  it('drops the parameters of a failed query but keeps the database error', () => {
    const cause = Object.assign(new Error('relation "users" does not exist'), { code: '42P01' })
    const error = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ana@example.com,$argon2id$v=19$m=19456,t=2,p=1$secret',
      { cause },
    )
    const logged = describeError(error)
    expect(logged).toContain('Failed query: insert into "users"')
    expect(logged).toContain('SQLSTATE 42P01: relation "users" does not exist')
    expect(logged).not.toContain('argon2id')
    expect(logged).not.toContain('ana@example.com')
  })

  it('keeps an ordinary message', () => {
    expect(describeError(new Error('Cannot use a pool after calling end on the pool'))).toBe(
      'Cannot use a pool after calling end on the pool',
    )
    expect(describeError('boom')).toBe('non-Error thrown (string)')
  })
})
