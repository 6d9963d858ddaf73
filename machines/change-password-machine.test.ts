import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { rejection } from '../tests/fixtures/account-user'
import { changePasswordMachine } from './change-password-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const values = { currentPassword: 'old words here', newPassword: 'a brand new passphrase' }

function start(change: () => Promise<unknown>) {
  return createActor(
    changePasswordMachine.provide({
      actors: { changePassword: fromPromise(async () => (await change()) as ApiAnswer) },
    }),
  ).start()
}

describe('changePasswordMachine', () => {
  it('refuses a short new password, then changes it and forgets both', async () => {
    const actor = start(async () => ({ success: true, message: 'Changed.' }))
    actor.send({ type: 'submit', ...values, newPassword: 'short' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'submit', ...values })
    await settle()
    expect(actor.getSnapshot().value).toBe('changed')
    expect(actor.getSnapshot().context).toMatchObject({ currentPassword: '', newPassword: '' })
    actor.send({ type: 'again' })
    expect(actor.getSnapshot().value).toBe('form')
  })

  it('a wrong current password and other failures', async () => {
    let failure: unknown = rejection(400, 'wrong_password')
    const actor = start(async () => {
      throw failure
    })
    actor.send({ type: 'submit', ...values })
    await settle()
    expect(actor.getSnapshot().value).toBe('wrongPassword')
    failure = { message: 'Network Error' }
    actor.send({ type: 'submit', ...values })
    await settle()
    expect(actor.getSnapshot().value).toBe('error')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('form')
  })
})
