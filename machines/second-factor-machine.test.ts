import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { SignedInBody } from '../domain/api/api-contract'
import { rejection, testUser } from '../tests/fixtures/account-user'
import { type SecondFactorMethod, secondFactorMachine } from './second-factor-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const signedIn: SignedInBody = { success: true, message: 'Welcome back.', user: testUser }
const cancelled = Object.assign(new Error('closed'), { name: 'NotAllowedError' })

function start(
  answers: { code?: () => Promise<SignedInBody>; passkey?: () => Promise<SignedInBody> },
  methods: readonly SecondFactorMethod[] = ['totp', 'recoveryCode', 'passkey'],
) {
  const announced: SignedInBody[] = []
  const checked: string[] = []
  const actor = createActor(
    secondFactorMachine.provide({
      actors: {
        checkCode: fromPromise(async ({ input }) => {
          checked.push(input.code)
          return (answers.code ?? (async () => signedIn))()
        }),
        passkeySignIn: fromPromise(async () => (answers.passkey ?? (async () => signedIn))()),
      },
      actions: { announceSignIn: (_, body) => announced.push(body) },
    }),
    { input: { methods } },
  ).start()
  return { actor, announced, checked }
}

describe('secondFactorMachine', () => {
  it('refuses an empty code, then signs in with one (spaces dropped) and forgets it', async () => {
    const { actor, announced, checked } = start({})
    actor.send({ type: 'submit', code: '' })
    expect(actor.getSnapshot().value).toBe('code')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'submit', code: '123 456' })
    await settle()
    expect(checked).toEqual(['123456'])
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(actor.getSnapshot().context.code).toBe('')
    expect(announced).toEqual([signedIn])
  })

  it('a wrong code asks again; a 429 and other failures wait for retry', async () => {
    let failure: unknown = rejection(400, 'invalid_code')
    const { actor } = start({
      code: async () => {
        throw failure
      },
    })
    actor.send({ type: 'submit', code: '000000' })
    await settle()
    expect(actor.getSnapshot().value).toBe('wrongCode')
    failure = rejection(429, 'rate_limited', 'Too many codes.')
    actor.send({ type: 'submit', code: '000000' })
    await settle()
    expect(actor.getSnapshot().value).toBe('rateLimited')
    expect(actor.getSnapshot().context.message).toBe('Too many codes.')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('code')
    failure = { message: 'Network Error' }
    actor.send({ type: 'submit', code: '000000' })
    await settle()
    expect(actor.getSnapshot().value).toBe('error')
  })

  it('an expired half-way state ends the step (the password is asked again)', async () => {
    const { actor } = start({
      code: async () => {
        throw rejection(401, 'sign_in_expired', 'Sign in again.')
      },
    })
    actor.send({ type: 'submit', code: '123456' })
    await settle()
    expect(actor.getSnapshot().value).toBe('expired')
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('a passkey signs in; a closed dialog goes back to the code', async () => {
    let passkey = async (): Promise<SignedInBody> => {
      throw cancelled
    }
    const { actor, announced } = start({ passkey: () => passkey() })
    actor.send({ type: 'usePasskey' })
    expect(actor.getSnapshot().value).toBe('passkey')
    await settle()
    expect(actor.getSnapshot().value).toBe('code')
    passkey = async () => signedIn
    actor.send({ type: 'usePasskey' })
    await settle()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(announced).toEqual([signedIn])
  })

  it('offers no passkey to an account without one', () => {
    const { actor } = start({}, ['totp', 'recoveryCode'])
    actor.send({ type: 'usePasskey' })
    expect(actor.getSnapshot().value).toBe('code')
  })
})
