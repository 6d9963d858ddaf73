import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { rejection } from '../tests/fixtures/account-user'
import { verifyEmailMachine } from './verify-email-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const token = 'A'.repeat(43)

function start(verify: () => Promise<unknown>, link = token) {
  return createActor(
    verifyEmailMachine.provide({
      actors: { verifyEmail: fromPromise(async () => (await verify()) as ApiAnswer) },
    }),
    { input: { token: link } },
  ).start()
}

describe('verifyEmailMachine', () => {
  it('a link cut short is invalid without asking the server', () => {
    expect(start(async () => ({}), 'abc').getSnapshot().value).toBe('invalid')
  })

  it.each([
    [async () => ({ success: true, message: 'Verified' }), 'verified'],
    [
      async () => {
        throw rejection(400, 'expired_token')
      },
      'expired',
    ],
    [
      async () => {
        throw rejection(400, 'invalid_token')
      },
      'invalid',
    ],
    [
      async () => {
        throw { message: 'Network Error' }
      },
      'failed',
    ],
  ])('answer %# → %s', async (verify, state) => {
    const actor = start(verify)
    expect(actor.getSnapshot().value).toBe('verifying')
    await settle()
    expect(actor.getSnapshot().value).toBe(state)
  })

  it('tries again after a failure', async () => {
    let fail = true
    const actor = start(async () => {
      if (fail) throw { message: 'Network Error' }
      return { success: true }
    })
    await settle()
    fail = false
    actor.send({ type: 'retry' })
    await settle()
    expect(actor.getSnapshot().value).toBe('verified')
  })
})
