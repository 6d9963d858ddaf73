import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { rejection } from '../tests/fixtures/account-user'
import {
  type PasskeyCredential,
  type PasskeySaved,
  passkeyRegistrationMachine,
} from './passkey-registration-machine'
import { proofCancelled } from './step-up-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const credential: PasskeyCredential = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
  clientExtensionResults: {},
}
const closed = Object.assign(new Error('closed'), { name: 'NotAllowedError' })

type Calls = {
  options?: () => Promise<{ challenge: string }>
  dialog?: () => Promise<PasskeyCredential>
  save?: () => Promise<PasskeySaved>
}

function start(calls: Calls = {}) {
  const saved: { name: string; credential: PasskeyCredential }[] = []
  let refreshed = 0
  const actor = createActor(
    passkeyRegistrationMachine.provide({
      actors: {
        registrationOptions: fromPromise(async () =>
          (calls.options ?? (async () => ({ challenge: 'c' })))(),
        ),
        createCredential: fromPromise(async () => (calls.dialog ?? (async () => credential))()),
        savePasskey: fromPromise(async ({ input }) => {
          saved.push(input)
          return (
            calls.save ??
            (async () => ({
              success: true as const,
              message: 'Added.',
              passkey: {
                id: 'p1',
                name: 'Laptop',
                createdAt: '2026-01-01T00:00:00Z',
                lastUsedAt: null,
              },
              recoveryCodes: ['AAAA-BBBB'],
            }))
          )()
        }),
      },
      actions: { refresh: () => void refreshed++ },
    }),
  ).start()
  return { actor, saved, refreshed: () => refreshed }
}

describe('passkeyRegistrationMachine', () => {
  it('options → dialog → a name (refused when blank) → saved with the first recovery codes', async () => {
    const { actor, saved, refreshed } = start()
    actor.send({ type: 'add' })
    await settle()
    expect(actor.getSnapshot().value).toBe('naming')
    actor.send({ type: 'submit', name: '   ' })
    expect(actor.getSnapshot().value).toBe('naming')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'submit', name: ' Laptop ' })
    await settle()
    expect(saved).toEqual([{ name: 'Laptop', credential }])
    expect(actor.getSnapshot().value).toBe('saved')
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(['AAAA-BBBB'])
    expect(refreshed()).toBe(1)
    actor.send({ type: 'dismiss' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([])
  })

  it('a closed dialog is cancelled; a name can be declined too', async () => {
    let dialog = async (): Promise<PasskeyCredential> => {
      throw closed
    }
    const { actor } = start({ dialog: () => dialog() })
    actor.send({ type: 'add' })
    await settle()
    expect(actor.getSnapshot().value).toBe('cancelled')
    dialog = async () => credential
    actor.send({ type: 'add' })
    await settle()
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('cancelled')
  })

  it('declined proof goes back quietly; a rejected passkey or a 429 is shown', async () => {
    let options = async (): Promise<{ challenge: string }> => {
      throw proofCancelled()
    }
    let save = async (): Promise<PasskeySaved> => {
      throw rejection(400, 'passkey_rejected', 'That passkey did not verify.')
    }
    const { actor } = start({ options: () => options(), save: () => save() })
    actor.send({ type: 'add' })
    await settle()
    expect(actor.getSnapshot().value).toBe('idle')
    options = async () => ({ challenge: 'c' })
    actor.send({ type: 'add' })
    await settle()
    actor.send({ type: 'submit', name: 'Phone' })
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.message).toBe('That passkey did not verify.')
    save = async () => {
      throw rejection(429, 'rate_limited', 'Slow down.')
    }
    actor.send({ type: 'add' })
    await settle()
    actor.send({ type: 'submit', name: 'Phone' })
    await settle()
    expect(actor.getSnapshot().value).toBe('rateLimited')
    expect(actor.getSnapshot().context.message).toBe('Slow down.')
  })
})
