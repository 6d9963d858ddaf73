import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { inboxFiltersMachine, servicesMenuMachine, settingsMenuMachine } from './disclosure-machine'

describe.each([
  ['servicesMenu', servicesMenuMachine],
  ['settingsMenu', settingsMenuMachine],
])('%s (the shared disclosure machine)', (id, machine) => {
  const start = () => {
    const returnFocus = vi.fn()
    const actor = createActor(machine.provide({ actions: { returnFocus } })).start()
    return { actor, returnFocus, state: () => actor.getSnapshot().value }
  }

  it(`is named ${id} and starts closed`, () => {
    expect(machine.id).toBe(id)
    expect(start().state()).toBe('closed')
  })

  it('toggles open and closed', () => {
    const { actor, state } = start()
    actor.send({ type: 'toggle' })
    expect(state()).toBe('open')
    actor.send({ type: 'toggle' })
    expect(state()).toBe('closed')
  })

  it('closes on Escape and only then hands focus back', () => {
    const { actor, state, returnFocus } = start()
    actor.send({ type: 'escape' })
    expect(returnFocus).not.toHaveBeenCalled()
    actor.send({ type: 'toggle' })
    actor.send({ type: 'escape' })
    expect(state()).toBe('closed')
    expect(returnFocus).toHaveBeenCalledTimes(1)
  })

  it.each(['outside.click', 'focus.leave', 'navigated'] as const)(
    'closes on %s without moving focus, and ignores it while closed',
    (type) => {
      const { actor, state, returnFocus } = start()
      actor.send({ type })
      expect(state()).toBe('closed')
      actor.send({ type: 'toggle' })
      actor.send({ type })
      expect(state()).toBe('closed')
      expect(returnFocus).not.toHaveBeenCalled()
    },
  )
})

describe('inboxFilters (the inbox filters on a phone)', () => {
  const start = () => {
    const returnFocus = vi.fn()
    const actor = createActor(inboxFiltersMachine.provide({ actions: { returnFocus } })).start()
    return { actor, returnFocus, state: () => actor.getSnapshot().value }
  }

  it('opens and closes with its button, starting closed', () => {
    const { actor, state } = start()
    expect(state()).toBe('closed')
    actor.send({ type: 'toggle' })
    expect(state()).toBe('open')
    actor.send({ type: 'toggle' })
    expect(state()).toBe('closed')
  })

  it('closes on Escape (focus back to its button) and once the filters are applied', () => {
    const { actor, state, returnFocus } = start()
    actor.send({ type: 'toggle' })
    actor.send({ type: 'escape' })
    expect([state(), returnFocus.mock.calls.length]).toEqual(['closed', 1])
    actor.send({ type: 'toggle' })
    actor.send({ type: 'applied' })
    expect([state(), returnFocus.mock.calls.length]).toEqual(['closed', 1])
  })
})
