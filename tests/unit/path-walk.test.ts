import { describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import { statusChangeMachine } from '../../machines/status-change-machine'
import { statusChangePathEvents } from '../doubles/status-change-answers'
import {
  eventsOfChoices,
  modelStates,
  type RunOutcome,
  shrinkFailing,
  type WalkSource,
} from '../paths/path-walk'

// The shrinker on a real machine and its event table, with a stand-in for the component: the
// page of a status change that no longer offers the move once the server refused it (409), so
// a submit after a refusal fails. The walk that found it (status-change, seed 1) had 8 steps.
const source = {
  machine: statusChangeMachine,
  inputs: [undefined],
  options: { events: statusChangePathEvents },
} as unknown as WalkSource

const refusedBefore = (events: readonly EventObject[], index: number) =>
  events
    .slice(0, index)
    .some(
      (event) =>
        event.type === 'xstate.error.actor.changeStatus' &&
        JSON.stringify(event).includes('"status":409'),
    )

/** Fails at the first submit after a 409, as the page did. */
async function page(events: readonly EventObject[]): Promise<RunOutcome> {
  const index = events.findIndex(
    (event, at) => event.type === 'submit' && refusedBefore(events, at),
  )
  return index < 0 ? { passed: true } : { passed: false, step: index + 1, error: 'no such move' }
}

describe('shrinking a failing walk', () => {
  it('removes a run of steps wherever it starts (a failure, its retry and the submit before it)', async () => {
    // edit, submit, network error, retry, submit, 409, edit, submit (✗)
    const walk = eventsOfChoices(source, undefined, [0, 1, 2, 0, 1, 1, 0, 1])
    expect(walk.map((event) => event.type)).toEqual([
      'edit',
      'submit',
      'xstate.error.actor.changeStatus',
      'retry',
      'submit',
      'xstate.error.actor.changeStatus',
      'edit',
      'submit',
    ])
    const first = await page(walk)
    if (first.passed) throw new Error('The walk should fail')
    const shrunk = await shrinkFailing(source, undefined, { events: walk, ...first }, page, {
      deadline: Date.now() + 60_000,
      maxRuns: 200,
    })
    expect(shrunk.events.map((event) => event.type)).toEqual([
      'edit',
      'submit',
      'xstate.error.actor.changeStatus',
      'edit',
      'submit',
    ])
    expect(modelStates(source, undefined, shrunk.events)).toBeDefined()
    expect(shrunk.complete).toBe(true)
  })
})
