import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ApiAnswer, PasskeyAssertionJSON, SignedInBody } from '../domain/api/api-contract'
import { rejection, testUser } from '../tests/fixtures/account-user'
import { type PasskeySignInInput, signInMachine } from './sign-in-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const good = { email: 'ana@example.com', password: 'lantern orbit', remember: true }
const signedIn: SignedInBody = { success: true, message: 'Welcome back.', user: testUser }
const assertion: PasskeyAssertionJSON = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
}

function start(
  login: () => Promise<unknown>,
  resend: () => Promise<unknown> = async () => ({}),
  passkey: (input: PasskeySignInInput) => Promise<unknown> = async () => signedIn,
) {
  const announceSignIn = vi.fn()
  const sentTo = vi.fn()
  const actor = createActor(
    signInMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => {
          sentTo(input)
          return (await login()) as never
        }),
        resendVerification: fromPromise(async () => (await resend()) as ApiAnswer),
        passkeySignIn: fromPromise(async ({ input }) => (await passkey(input)) as SignedInBody),
      },
      actions: { announceSignIn: (_, body) => announceSignIn(body) },
    }),
  ).start()
  return { actor, announceSignIn, sentTo }
}

describe('signInMachine', () => {
  it('refuses an invalid form without calling the server', () => {
    const { actor, sentTo } = start(async () => ({}))
    actor.send({ type: 'submit', ...good, email: 'not an address' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'submit', ...good, password: '' })
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(2)
    expect(sentTo).not.toHaveBeenCalled()
    actor.send({ type: 'submit', ...good })
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(0)
  })

  it('signs in, announces the user and forgets the password', async () => {
    const body = { success: true, message: 'Welcome', user: testUser }
    const { actor, announceSignIn, sentTo } = start(async () => body)
    actor.send({ type: 'submit', ...good })
    expect(sentTo).toHaveBeenCalledWith(good)
    await settle()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(actor.getSnapshot().context.password).toBe('')
    expect(announceSignIn).toHaveBeenCalledWith(body)
  })

  it.each([
    [rejection(401, 'invalid_credentials'), 'invalid'],
    [rejection(403, 'email_unverified'), 'unverified'],
    [rejection(429, 'rate_limited', 'Too many attempts.'), 'rateLimited'],
    [rejection(503, 'busy', 'Busy.'), 'error'],
    [{ message: 'Network Error' }, 'error'],
  ])('a failed sign-in (%#) lands in %s without the password', async (error, state) => {
    const { actor } = start(async () => {
      throw error
    })
    actor.send({ type: 'submit', ...good })
    await settle()
    expect(actor.getSnapshot().value).toBe(state)
    expect(actor.getSnapshot().context.password).toBe('')
  })

  it('offers the verification link again to an unverified account', async () => {
    let resend: () => Promise<unknown> = async () => ({ success: true, message: 'Sent' })
    const { actor } = start(
      async () => {
        throw rejection(403, 'email_unverified')
      },
      () => resend(),
    )
    actor.send({ type: 'submit', ...good })
    await settle()
    actor.send({ type: 'resend' })
    expect(actor.getSnapshot().value).toBe('resendingVerification')
    await settle()
    expect(actor.getSnapshot().value).toBe('verificationSent')
    actor.send({ type: 'edit' })
    actor.send({ type: 'submit', ...good })
    await settle()
    resend = async () => {
      throw rejection(429, 'rate_limited', 'Wait a minute.')
    }
    actor.send({ type: 'resend' })
    await settle()
    expect(actor.getSnapshot().value).toBe('rateLimited')
    expect(actor.getSnapshot().context.message).toBe('Wait a minute.')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.message).toBeUndefined()
  })

  it('asks for the second step after a right password, and starts again when it expired', async () => {
    const { actor, announceSignIn } = start(async () => {
      throw {
        message: 'Request failed with status code 401',
        response: {
          status: 401,
          data: {
            success: false,
            code: 'second_factor_required',
            message: 'One more step.',
            error: 'One more step.',
            methods: ['totp', 'recoveryCode'],
          },
        },
      }
    })
    actor.send({ type: 'submit', ...good })
    await settle()
    expect(actor.getSnapshot().value).toBe('secondFactor')
    expect(actor.getSnapshot().context).toMatchObject({
      password: '',
      methods: ['totp', 'recoveryCode'],
    })
    actor.send({ type: 'restart' })
    expect(actor.getSnapshot().value).toBe('expired')
    actor.send({ type: 'submit', ...good })
    await settle()
    actor.send({ type: 'finished' })
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(announceSignIn).not.toHaveBeenCalled()
  })

  it('signs in with a passkey from the button or the autofill; a closed dialog is no failure', async () => {
    const inputs: PasskeySignInInput[] = []
    let answer: () => Promise<unknown> = async () => {
      throw Object.assign(new Error('closed'), { name: 'NotAllowedError' })
    }
    const { actor, announceSignIn } = start(
      async () => ({}),
      async () => ({}),
      (input) => {
        inputs.push(input)
        return answer()
      },
    )
    actor.send({ type: 'usePasskey' })
    await settle()
    expect(actor.getSnapshot().value).toBe('form')
    answer = async () => {
      throw rejection(400, 'passkey_rejected', 'Unknown passkey.')
    }
    actor.send({ type: 'usePasskey' })
    await settle()
    expect(actor.getSnapshot().value).toBe('passkeyRejected')
    answer = async () => signedIn
    actor.send({ type: 'passkeyChosen', response: assertion })
    await settle()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(inputs.map((input) => input.response)).toEqual([undefined, undefined, assertion])
    expect(announceSignIn).toHaveBeenCalledWith(signedIn)
    expect(actor.getSnapshot().context.passkeyResponse).toBeUndefined()
  })
})
