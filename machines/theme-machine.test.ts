import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { Theme } from '../domain/theme'
import { themeMachine } from './theme-machine'

const start = (theme: Theme) => {
  const shown: Theme[] = []
  const stored: Theme[] = []
  const actor = createActor(
    themeMachine.provide({
      actions: {
        showTheme: (_, params) => shown.push(params.theme),
        persistTheme: (_, params) => stored.push(params.theme),
      },
    }),
    { input: { theme } },
  ).start()
  return { actor, shown, stored, state: () => actor.getSnapshot().value }
}

describe('themeMachine', () => {
  it.each(['light', 'dark'] as const)(
    'starts in the theme the page shows (%s) without repainting or storing',
    (theme) => {
      const { state, shown, stored } = start(theme)
      expect(state()).toBe(theme)
      expect(shown).toEqual([])
      expect(stored).toEqual([])
    },
  )

  it('toggles, painting and persisting each new theme', () => {
    const { actor, state, shown, stored } = start('light')
    actor.send({ type: 'toggle' })
    expect(state()).toBe('dark')
    actor.send({ type: 'toggle' })
    expect(state()).toBe('light')
    expect(shown).toEqual(['dark', 'light'])
    expect(stored).toEqual(['dark', 'light'])
  })
})
