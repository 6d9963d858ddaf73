import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { SuccessBody } from '../domain/api/api-contract'
import { proposalAnswerMachine } from './proposal-answer-machine'

const failure = (status: number) => ({
  message: `Request failed with status code ${status}`,
  response: { status, data: { success: false, code: 'x', message: `Refused ${status}.` } },
})

const answering = (accept: () => Promise<SuccessBody>, decline = accept) =>
  createActor(
    proposalAnswerMachine.provide({
      actors: { acceptProposal: fromPromise(accept), declineProposal: fromPromise(decline) },
    }),
  ).start()

const settled = (actor: ReturnType<typeof answering>) =>
  new Promise<void>((resolve) => {
    const done = () => !String(actor.getSnapshot().value).startsWith('submitting')
    if (done()) resolve()
    actor.subscribe(() => done() && resolve())
  })

describe('proposalAnswer', () => {
  it('refuses an acceptance without the name or the tick, before any call', () => {
    const actor = answering(() => Promise.reject(new Error('not called')))
    actor.send({ type: 'accept' })
    actor.send({ type: 'submitAcceptance', values: { fullName: 'Ana López', agreed: false } })
    expect(actor.getSnapshot().value).toBe('accepting')
    actor.send({ type: 'submitAcceptance', values: { fullName: ' ', agreed: true } })
    expect(actor.getSnapshot().value).toBe('accepting')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(2)
  })

  it.each([409, 410])(
    'a %i means the proposal is no longer open: refused, with its text',
    async (status) => {
      const actor = answering(() => Promise.reject(failure(status)))
      actor.send({ type: 'accept' })
      actor.send({ type: 'submitAcceptance', values: { fullName: 'Ana López', agreed: true } })
      await settled(actor)
      expect(actor.getSnapshot().value).toBe('refused')
      expect(actor.getSnapshot().context.message).toBe(`Refused ${status}.`)
      actor.send({ type: 'view' })
      expect(actor.getSnapshot().value).toBe('viewing')
    },
  )

  it('retries the answer that failed, its values kept', async () => {
    const actor = answering(() => Promise.reject(failure(500)))
    actor.send({ type: 'decline' })
    actor.send({ type: 'submitDecline', values: { reason: 'Too expensive.' } })
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('failed')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('declining')
    expect(actor.getSnapshot().context.decline).toEqual({ reason: 'Too expensive.' })
  })

  it('accepts with the server’s text', async () => {
    const actor = answering(async () => ({ success: true, message: 'Accepted.' }))
    actor.send({ type: 'accept' })
    actor.send({ type: 'submitAcceptance', values: { fullName: 'Ana López', agreed: true } })
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('accepted')
    expect(actor.getSnapshot().context.message).toBe('Accepted.')
  })
})
