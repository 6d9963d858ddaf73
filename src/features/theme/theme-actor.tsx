import { createActorContext } from '@xstate/react'
import { type ReactNode, useMemo } from 'react'
import { themeMachine } from '../../../machines/theme-machine'
import { inspectorOptions } from '../../ui/machine-inspector'
import { shownTheme, showTheme, storeTheme } from './theme'

/** One theme actor for the whole page: the header's and the mobile bar's toggles share it. */
export const ThemeActor = createActorContext(themeMachine)

export function ThemeProvider({ children }: { readonly children: ReactNode }) {
  // Provided when the page mounts, as every machine's component does: the path tests' mutation
  // run hands the component a changed machine through that call.
  const logic = useMemo(
    () =>
      themeMachine.provide({
        actions: {
          showTheme: (_, { theme }) => showTheme(theme),
          persistTheme: (_, { theme }) => storeTheme(theme),
        },
      }),
    [],
  )
  return (
    <ThemeActor.Provider
      logic={logic}
      options={{ input: { theme: shownTheme() }, ...inspectorOptions }}
    >
      {children}
    </ThemeActor.Provider>
  )
}
