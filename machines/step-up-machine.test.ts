import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { rejection } from '../tests/fixtures/account-user'
import { isProofCancelled } from './form-flow'
import { proofCancelled, type StepUpProof, stepUpMachine } from './step-up-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const closed = Object.assign(new Error('closed'), { name: 'NotAllowedError' })

function start(
  calls: { proof?: () => Promise<ApiAnswer>; passkey?: () => Promise<ApiAnswer> } = {},
) {
  const proofs: StepUpProof[] = []
  const settled: string[] = []
  const actor = createActor(
    stepUpMachine.provide({
      actors: {
        reauthenticate: fromPromise(async ({ input }) => {
          proofs.push(input)
          return (calls.proof ?? (async () => ({ success: true })))()
        }),
        passkeyProof: fromPromise(async () => (calls.passkey ?? (async () => ({})))()),
      },
      actions: {
        prove: () => void settled.push('proven'),
        decline: () => void settled.push('declined'),
      },
    }),
  ).start()
  return { actor, proofs, settled }
}

describe('stepUpMachine', () => {
  it('asks for the password, refuses a blank one, proves and closes', async () => {
    const { actor, proofs, settled } = start()
    actor.send({ type: 'ask', methods: ['password', 'code'] })
    expect(actor.getSnapshot().value).toBe('asking')
    expect(actor.getSnapshot().context.method).toBe('password')
    actor.send({ type: 'submit', secret: '' })
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'submit', secret: 'my pass phrase' })
    await settle()
    expect(proofs).toEqual([{ password: 'my pass phrase' }])
    expect(actor.getSnapshot().value).toBe('closed')
    expect(actor.getSnapshot().context.secret).toBe('')
    expect(settled).toEqual(['proven'])
  })

  it('a code instead; wrong ones ask again; a 429 can be cancelled', async () => {
    let failure: unknown = rejection(400, 'invalid_code')
    const { actor, proofs, settled } = start({
      proof: async () => {
        throw failure
      },
    })
    actor.send({ type: 'ask', methods: ['password', 'code'] })
    actor.send({ type: 'choose', method: 'code' })
    expect(actor.getSnapshot().context.method).toBe('code')
    actor.send({ type: 'submit', secret: '123 456' })
    await settle()
    expect(proofs).toEqual([{ code: '123456' }])
    expect(actor.getSnapshot().value).toBe('wrong')
    actor.send({ type: 'choose', method: 'password' })
    failure = rejection(400, 'wrong_password')
    actor.send({ type: 'submit', secret: 'nope' })
    await settle()
    expect(actor.getSnapshot().value).toBe('wrong')
    failure = rejection(429, 'rate_limited', 'Wait.')
    actor.send({ type: 'submit', secret: 'nope' })
    await settle()
    expect(actor.getSnapshot().value).toBe('rateLimited')
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('closed')
    expect(settled).toEqual(['declined'])
  })

  it('offers only what the account has; a passkey proves, a closed dialog asks again', async () => {
    let passkey = async (): Promise<ApiAnswer> => {
      throw closed
    }
    const { actor, settled } = start({ passkey: () => passkey() })
    actor.send({ type: 'ask', methods: ['password'] })
    actor.send({ type: 'choose', method: 'code' })
    actor.send({ type: 'usePasskey' })
    expect(actor.getSnapshot().value).toBe('asking')
    expect(actor.getSnapshot().context.method).toBe('password')
    actor.send({ type: 'cancel' })
    actor.send({ type: 'ask', methods: ['password', 'passkey'] })
    actor.send({ type: 'usePasskey' })
    await settle()
    expect(actor.getSnapshot().value).toBe('asking')
    passkey = async () => ({})
    actor.send({ type: 'usePasskey' })
    await settle()
    expect(actor.getSnapshot().value).toBe('closed')
    expect(settled).toEqual(['declined', 'proven'])
  })

  it('a proof by a factor: the password is never offered, nor typed with nothing but a passkey', async () => {
    const { actor, proofs, settled } = start()
    actor.send({ type: 'ask', methods: ['code', 'passkey'] })
    expect(actor.getSnapshot().context.method).toBe('code')
    actor.send({ type: 'choose', method: 'password' })
    expect(actor.getSnapshot().context.method).toBe('code')
    actor.send({ type: 'submit', secret: '654 321' })
    await settle()
    expect(proofs).toEqual([{ code: '654321' }])
    expect(actor.getSnapshot().value).toBe('closed')

    actor.send({ type: 'ask', methods: ['passkey'] })
    actor.send({ type: 'submit', secret: 'my pass phrase' })
    expect(actor.getSnapshot().value).toBe('asking')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(0)
    actor.send({ type: 'usePasskey' })
    await settle()
    expect(actor.getSnapshot().value).toBe('closed')
    expect(proofs).toHaveLength(1)
    expect(settled).toEqual(['proven', 'proven'])
  })

  it('names the error of a declined proof', () => {
    expect(isProofCancelled(proofCancelled())).toBe(true)
    expect(isProofCancelled(new Error('other'))).toBe(false)
  })
})
