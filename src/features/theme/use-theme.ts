import { useCallback } from 'react'
import { defaultTheme, type Theme } from '../../../domain/theme'
import { useHydrated } from '../../ui/use-hydrated'
import { ThemeActor } from './theme-actor'

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const actor = ThemeActor.useActorRef()
  const theme = ThemeActor.useSelector(
    (snapshot): Theme => (snapshot.matches('dark') ? 'dark' : 'light'),
  )
  const toggleTheme = useCallback(() => actor.send({ type: 'toggle' }), [actor])
  // Prerendered pages are rendered in the default theme; hydrate with it, then show the
  // stored one (or React reports a mismatch for dark-theme visitors and re-renders the page).
  const hydrated = useHydrated()
  return { theme: hydrated ? theme : defaultTheme, toggleTheme }
}
