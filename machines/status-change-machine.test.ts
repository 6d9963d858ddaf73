import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ServiceRequestBody } from '../domain/api/api-contract'
import { sentRequest } from '../tests/fixtures/service-requests'
import { statusChangeMachine } from './status-change-machine'

const answered = (result: () => Promise<ServiceRequestBody>) =>
  createActor(
    statusChangeMachine.provide({ actors: { changeStatus: fromPromise(result) } }),
  ).start()

const settled = (actor: ReturnType<typeof answered>) =>
  new Promise<void>((resolve) => {
    const done = () => !actor.getSnapshot().matches('submitting')
    if (done()) resolve()
    actor.subscribe(() => done() && resolve())
  })

describe('statusChange', () => {
  it('keeps the choice and the note through a failure, forgets them once answered', async () => {
    const actor = answered(() => Promise.reject(new Error('Network Error')))
    actor.send({ type: 'edit' })
    actor.send({ type: 'submit', values: { to: 'inReview', note: 'Reading it.' } })
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('error')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().context.values).toEqual({ to: 'inReview', note: 'Reading it.' })
  })

  it('tells a 409 (the request moved meanwhile) from other failures', async () => {
    const actor = answered(() =>
      Promise.reject({
        message: 'Request failed with status code 409',
        response: {
          status: 409,
          data: { success: false, code: 'invalid_transition', message: 'Not now.' },
        },
      }),
    )
    actor.send({ type: 'edit' })
    actor.send({ type: 'submit', values: { to: 'declined', note: '' } })
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('conflict')
    expect(actor.getSnapshot().context.message).toBe('Not now.')
    actor.send({ type: 'edit' })
    expect(actor.getSnapshot().context).toEqual({ values: undefined, message: undefined })
  })

  it('reaches done with the server text', async () => {
    const actor = answered(async () => ({
      success: true,
      message: 'Changed.',
      request: sentRequest,
    }))
    actor.send({ type: 'edit' })
    actor.send({ type: 'submit', values: { to: 'inReview', note: '' } })
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('done')
    expect(actor.getSnapshot().context.message).toBe('Changed.')
  })
})
