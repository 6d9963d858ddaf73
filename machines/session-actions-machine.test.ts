import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ApiAnswer, RevokedBody } from '../domain/api/api-contract'
import { sessionActionsMachine } from './session-actions-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const phone = { id: 's2', device: 'Safari on iOS' }

function start(
  endSession: (target: { id: string }) => Promise<ApiAnswer>,
  revoke: () => Promise<RevokedBody>,
) {
  const refresh = vi.fn()
  const actor = createActor(
    sessionActionsMachine.provide({
      actors: {
        endSession: fromPromise(({ input }) => endSession(input)),
        revokeOtherSessions: fromPromise(() => revoke()),
      },
      actions: { refresh },
    }),
  ).start()
  return { actor, refresh }
}

const ok = async () => ({ success: true as const, message: 'Done.' })
const down = async (): Promise<never> => {
  throw { message: 'Network Error' }
}

describe('sessionActionsMachine', () => {
  it('ends one session by its id, then refreshes the list', async () => {
    const endSession = vi.fn(ok)
    const { actor, refresh } = start(endSession, async () => ({ ...(await ok()), ended: 0 }))
    actor.send({ type: 'endOne', ...phone })
    expect(actor.getSnapshot().value).toBe('endingOne')
    expect(endSession).toHaveBeenCalledWith(phone)
    await settle()
    expect(actor.getSnapshot().value).toBe('endedOne')
    expect(actor.getSnapshot().context.target).toEqual(phone)
    expect(refresh).toHaveBeenCalledOnce()
  })

  it('ends every other session', async () => {
    const { actor, refresh } = start(ok, async () => ({ ...(await ok()), ended: 2 }))
    actor.send({ type: 'endOthers' })
    await settle()
    expect(actor.getSnapshot().value).toBe('endedOthers')
    expect(refresh).toHaveBeenCalledOnce()
  })

  it('a failure says which action failed, refreshes, and the next action starts afresh', async () => {
    const { actor, refresh } = start(down, down)
    actor.send({ type: 'endOne', ...phone })
    await settle()
    expect(actor.getSnapshot().value).toBe('error')
    expect(actor.getSnapshot().context.failed).toBe('one')
    actor.send({ type: 'endOthers' })
    expect(actor.getSnapshot().context.failed).toBeUndefined()
    await settle()
    expect(actor.getSnapshot().context.failed).toBe('others')
    expect(refresh).toHaveBeenCalledTimes(2)
  })
})
