import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ApiAnswer, CallFailure } from '../domain/api/api-contract'
import type { RegistrationValues } from '../domain/registration/registration-schema'
import { validRegistration } from '../tests/fixtures/registration'
import { registrationMachine } from './registration-machine'

// Spaces around the address: what is sent is trimmed.
const valid: RegistrationValues = { ...validRegistration, email: '  ana@example.com ' }

function failure(status: number | undefined, data?: unknown): CallFailure {
  return status === undefined
    ? { message: 'Network Error' }
    : { message: `Request failed with status code ${status}`, response: { status, data } }
}

type Outcome = { answer: ApiAnswer } | { failure: CallFailure }

/** The machine with both HTTP calls replaced by doubles that answer from a script. */
function start(register: Outcome[], resend: Outcome[] = []) {
  const registerCalls: unknown[] = []
  const resendCalls: unknown[] = []
  const answer = async (script: Outcome[]) => {
    const next = script.shift()
    if (!next) throw new Error('unexpected call')
    if ('failure' in next) throw next.failure
    return next.answer
  }
  const machine = registrationMachine.provide({
    actors: {
      registerUser: fromPromise(async ({ input }) => {
        registerCalls.push(input)
        return answer(register)
      }),
      resendRecoveryEmail: fromPromise(async ({ input }) => {
        resendCalls.push(input)
        return answer(resend)
      }),
    },
  })
  const actor = createActor(machine).start()
  return { actor, registerCalls, resendCalls }
}

describe('registrationMachine', () => {
  it('starts on the empty form', () => {
    const { actor } = start([])
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.values.email).toBe('')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(0)
  })

  it('refuses invalid values without calling the server, keeping the values and counting the refusal', () => {
    const { actor, registerCalls } = start([])
    actor.send({ type: 'submit', values: { ...valid, email: 'not-an-email' } })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.values.email).toBe('not-an-email')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'submit', values: { ...valid, password: 'short' } })
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(2)
    expect(registerCalls).toEqual([])
  })

  it('sends the parsed (trimmed) payload and ends in success with the server message', async () => {
    const { actor, registerCalls } = start([
      { answer: { success: true, message: 'Registration successful!' } },
    ])
    actor.send({ type: 'submit', values: valid })
    expect(actor.getSnapshot().value).toBe('submitting')
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.value).toBe('success')
    expect(done.context.message).toBe('Registration successful!')
    expect(registerCalls).toEqual([{ ...valid, email: 'ana@example.com' }])
  })

  it('shows the default text when a success has no message', async () => {
    const { actor } = start([{ answer: { success: true } }])
    actor.send({ type: 'submit', values: valid })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.value).toBe('success')
    expect(done.context.message).toBeUndefined()
  })

  it('a 2xx answer without success: true is an error with the server message', async () => {
    const { actor } = start([{ answer: { success: false, message: 'Nope' } }])
    actor.send({ type: 'submit', values: valid })
    const snapshot = await waitFor(actor, (s) => s.matches('error'))
    expect(snapshot.context.message).toBe('Nope')
  })

  it('a failed call shows the body error, else the default text; "retry" returns to the form with the values', async () => {
    const { actor } = start([
      { failure: failure(500, { success: false, error: 'Something went wrong on our side.' }) },
      { failure: failure(undefined) },
    ])
    actor.send({ type: 'submit', values: valid })
    let snapshot = await waitFor(actor, (s) => s.matches('error'))
    expect(snapshot.context.message).toBe('Something went wrong on our side.')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.values).toEqual(valid)
    expect(actor.getSnapshot().context.message).toBeUndefined()
    actor.send({ type: 'submit', values: valid })
    snapshot = await waitFor(actor, (s) => s.matches('error'))
    expect(snapshot.context.message).toBeUndefined()
  })

  it('keeps the per-field messages of a 400 for the form, until the next submission', async () => {
    const { actor } = start([
      {
        failure: failure(400, {
          success: false,
          error: 'Some fields are missing or invalid.',
          fields: { birthDate: 'The birth date must be in the past.' },
        }),
      },
      { answer: { success: true } },
    ])
    actor.send({ type: 'submit', values: valid })
    await waitFor(actor, (s) => s.matches('error'))
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().context.serverFieldErrors).toEqual({
      birthDate: 'The birth date must be in the past.',
    })
    actor.send({ type: 'submit', values: valid })
    expect(actor.getSnapshot().context.serverFieldErrors).toEqual({})
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('success')
  })

  it('409 already_registered → registered; resend posts the email and ends in resent', async () => {
    const { actor, resendCalls } = start(
      [
        {
          failure: failure(409, {
            success: false,
            code: 'already_registered',
            message: 'User already registered.',
          }),
        },
      ],
      [{ answer: { success: true, message: 'Recovery email has been sent successfully.' } }],
    )
    actor.send({ type: 'submit', values: valid })
    await waitFor(actor, (s) => s.matches('registered'))
    actor.send({ type: 'resend' })
    expect(actor.getSnapshot().value).toBe('resending')
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.value).toBe('resent')
    expect(done.context.message).toBe('Recovery email has been sent successfully.')
    expect(resendCalls).toEqual([{ email: 'ana@example.com' }])
  })

  it('a 409 without the already_registered code is an ordinary error', async () => {
    const { actor } = start([{ failure: failure(409, { success: false, error: 'Conflict' }) }])
    actor.send({ type: 'submit', values: valid })
    expect((await waitFor(actor, (s) => s.matches('error'))).context.message).toBe('Conflict')
  })

  it('a failed resend shows the body error and can be tried again', async () => {
    const { actor } = start(
      [{ failure: failure(409, { code: 'already_registered' }) }],
      [
        {
          failure: failure(429, {
            success: false,
            error: 'Too many attempts. Please try again in 60 seconds.',
          }),
        },
        { answer: { success: false } },
        { answer: { success: true } },
      ],
    )
    actor.send({ type: 'submit', values: valid })
    await waitFor(actor, (s) => s.matches('registered'))
    actor.send({ type: 'resend' })
    let snapshot = await waitFor(actor, (s) => s.matches('resendFailed'))
    expect(snapshot.context.message).toBe('Too many attempts. Please try again in 60 seconds.')
    actor.send({ type: 'resend' })
    snapshot = await waitFor(actor, (s) => s.matches('resendFailed'))
    expect(snapshot.context.message).toBeUndefined()
    actor.send({ type: 'resend' })
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('resent')
  })

  it('"edit" from registered goes back to the form with the values', async () => {
    const { actor } = start([{ failure: failure(409, { code: 'already_registered' }) }])
    actor.send({ type: 'submit', values: valid })
    await waitFor(actor, (s) => s.matches('registered'))
    actor.send({ type: 'edit' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.values).toEqual(valid)
  })

  it('ignores events a state does not handle', () => {
    const { actor } = start([])
    actor.send({ type: 'retry' })
    actor.send({ type: 'resend' })
    expect(actor.getSnapshot().value).toBe('form')
  })
})
