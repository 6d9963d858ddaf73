import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { passwordResetMachine } from './password-reset-machine'

const token = 'b'.repeat(43)

function start(answer: () => Promise<ApiAnswer>, linkToken = token) {
  const calls: unknown[] = []
  const machine = passwordResetMachine.provide({
    actors: {
      resetPassword: fromPromise(async ({ input }) => {
        calls.push(input)
        return answer()
      }),
    },
  })
  return { actor: createActor(machine, { input: { token: linkToken } }).start(), calls }
}

describe('passwordResetMachine', () => {
  it('stops at invalidLink when the link has no well-formed token', () => {
    expect(start(async () => ({}), '').actor.getSnapshot().value).toBe('invalidLink')
    expect(start(async () => ({}), 'short').actor.getSnapshot().value).toBe('invalidLink')
    expect(start(async () => ({})).actor.getSnapshot().value).toBe('form')
  })

  it('refuses a short password without calling the server', () => {
    const { actor, calls } = start(async () => ({ success: true }))
    actor.send({ type: 'submit', password: 'short' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    expect(calls).toEqual([])
  })

  it('sends the token and the password, and ends in done, forgetting the password', async () => {
    const { actor, calls } = start(async () => ({ success: true, message: 'Changed.' }))
    actor.send({ type: 'submit', password: 'a long new passphrase' })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.value).toBe('done')
    expect(done.context.message).toBe('Changed.')
    expect(done.context.password).toBe('')
    expect(calls).toEqual([{ token, password: 'a long new passphrase' }])
  })

  it('shows the body error of a refused token, and "retry" returns to the form', async () => {
    const { actor } = start(async () => {
      throw {
        message: 'Request failed with status code 400',
        response: { status: 400, data: { error: 'Link used.' } },
      }
    })
    actor.send({ type: 'submit', password: 'a long new passphrase' })
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.message).toBe('Link used.')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.message).toBeUndefined()
  })
})
