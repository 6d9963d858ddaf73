import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { rejection } from '../tests/fixtures/account-user'
import { recoveryRequestMachine } from './recovery-request-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('recoveryRequestMachine', () => {
  it('refuses a malformed address, sends a good one, and can retry a failure', async () => {
    let fail = true
    const actor = createActor(
      recoveryRequestMachine.provide({
        actors: {
          resendRecoveryEmail: fromPromise(async (): Promise<ApiAnswer> => {
            if (fail) throw rejection(429, 'rate_limited', 'Wait.')
            return { success: true }
          }),
        },
      }),
    ).start()
    actor.send({ type: 'submit', email: 'nope' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'submit', email: 'ana@example.com' })
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.message).toBe('Wait.')
    actor.send({ type: 'retry' })
    fail = false
    actor.send({ type: 'submit', email: 'ana@example.com' })
    await settle()
    expect(actor.getSnapshot().value).toBe('sent')
  })
})
