import { createActorContext } from '@xstate/react'
import type { ReactNode } from 'react'
import { themeMachine } from '../../../machines/theme-machine'
import { inspectorOptions } from '../../ui/machine-inspector'
import { shownTheme, showTheme, storeTheme } from './theme'

/** One theme actor for the whole page: the header's and the mobile bar's toggles share it. */
export const ThemeActor = createActorContext(themeMachine)

const appThemeMachine = themeMachine.provide({
  actions: {
    showTheme: (_, { theme }) => showTheme(theme),
    persistTheme: (_, { theme }) => storeTheme(theme),
  },
})

export function ThemeProvider({ children }: { readonly children: ReactNode }) {
  return (
    <ThemeActor.Provider
      logic={appThemeMachine}
      options={{ input: { theme: shownTheme() }, ...inspectorOptions }}
    >
      {children}
    </ThemeActor.Provider>
  )
}
