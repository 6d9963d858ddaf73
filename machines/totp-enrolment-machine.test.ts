import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { rejection } from '../tests/fixtures/account-user'
import { proofCancelled } from './step-up-machine'
import {
  type TotpConfirmed,
  type TotpStarted,
  totpEnrolmentMachine,
} from './totp-enrolment-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const started: TotpStarted = {
  success: true,
  message: 'Scan it.',
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Puente:ana@example.com?secret=JBSWY3DPEHPK3PXP',
}

function start(calls: {
  start?: () => Promise<TotpStarted>
  confirm?: () => Promise<TotpConfirmed>
}) {
  const codes: string[] = []
  const actor = createActor(
    totpEnrolmentMachine.provide({
      actors: {
        startTotp: fromPromise(async () => (calls.start ?? (async () => started))()),
        confirmTotp: fromPromise(async ({ input }) => {
          codes.push(input.code)
          return (
            calls.confirm ??
            (async () => ({ success: true, message: 'On.', recoveryCodes: ['R1', 'R2'] }) as const)
          )()
        }),
      },
    }),
  ).start()
  return { actor, codes }
}

describe('totpEnrolmentMachine', () => {
  it('shows the key, refuses a code that is not six digits, confirms, shows the codes once', async () => {
    const { actor, codes } = start({})
    actor.send({ type: 'start' })
    await settle()
    expect(actor.getSnapshot().value).toBe('showing')
    expect(actor.getSnapshot().context).toMatchObject({
      secret: started.secret,
      otpauthUri: started.otpauthUri,
    })
    actor.send({ type: 'submit', code: '12345' })
    expect(actor.getSnapshot().value).toBe('showing')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'submit', code: '123 456' })
    await settle()
    expect(codes).toEqual(['123456'])
    expect(actor.getSnapshot().value).toBe('codesShown')
    expect(actor.getSnapshot().context).toMatchObject({ recoveryCodes: ['R1', 'R2'], secret: '' })
    actor.send({ type: 'done' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([])
  })

  it('a wrong code asks again, the key kept; an error retries to the key', async () => {
    let failure: unknown = rejection(400, 'invalid_code')
    const { actor } = start({
      confirm: async () => {
        throw failure
      },
    })
    actor.send({ type: 'start' })
    await settle()
    actor.send({ type: 'submit', code: '000000' })
    await settle()
    expect(actor.getSnapshot().value).toBe('wrongCode')
    expect(actor.getSnapshot().context.secret).toBe(started.secret)
    failure = { message: 'Network Error' }
    actor.send({ type: 'submit', code: '000000' })
    await settle()
    expect(actor.getSnapshot().value).toBe('error')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('showing')
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.secret).toBe('')
  })

  it('declined proof goes back quietly; a failed start retries from the start', async () => {
    let begin = async (): Promise<TotpStarted> => {
      throw proofCancelled()
    }
    const { actor } = start({ start: () => begin() })
    actor.send({ type: 'start' })
    await settle()
    expect(actor.getSnapshot().value).toBe('idle')
    begin = async () => {
      throw rejection(429, 'rate_limited', 'Wait.')
    }
    actor.send({ type: 'start' })
    await settle()
    expect(actor.getSnapshot().value).toBe('rateLimited')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('idle')
  })
})
