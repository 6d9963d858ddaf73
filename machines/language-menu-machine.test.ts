import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { languageMenuMachine } from './language-menu-machine'

const start = () => {
  const selectLanguage = vi.fn()
  const returnFocus = vi.fn()
  const actor = createActor(
    languageMenuMachine.provide({
      actions: { selectLanguage: (_, params) => selectLanguage(params), returnFocus },
    }),
  ).start()
  return { actor, selectLanguage, returnFocus, state: () => actor.getSnapshot().value }
}

describe('languageMenuMachine', () => {
  it('hands the chosen language to the app, closes and returns focus', () => {
    const { actor, state, selectLanguage, returnFocus } = start()
    actor.send({ type: 'toggle' })
    actor.send({ type: 'select', locale: 'es' })
    expect(state()).toBe('closed')
    expect(selectLanguage).toHaveBeenCalledExactlyOnceWith({ locale: 'es' })
    expect(returnFocus).toHaveBeenCalledTimes(1)
  })

  it('ignores a selection while closed', () => {
    const { actor, selectLanguage } = start()
    actor.send({ type: 'select', locale: 'en' })
    expect(selectLanguage).not.toHaveBeenCalled()
  })

  it('closes on Escape (returning focus), outside click and focus leaving', () => {
    const { actor, state, returnFocus } = start()
    actor.send({ type: 'toggle' })
    actor.send({ type: 'escape' })
    expect(state()).toBe('closed')
    expect(returnFocus).toHaveBeenCalledTimes(1)
    for (const type of ['outside.click', 'focus.leave'] as const) {
      actor.send({ type: 'toggle' })
      expect(state()).toBe('open')
      actor.send({ type })
      expect(state()).toBe('closed')
    }
    expect(returnFocus).toHaveBeenCalledTimes(1)
  })
})
