import { useLingui } from '@lingui/react/macro'
import { useHydrated } from '../../ui/use-hydrated'
import { MoonIcon, SunIcon } from './theme-icons'
import { useTheme } from './use-theme'
import './theme-toggle.css'

type ThemeToggleProps = {
  /** `icon`: a compact sun/moon button (header); `labelled`: icon and visible text (settings). */
  readonly variant?: 'icon' | 'labelled'
}

/** A switch-like toggle button: pressed = dark theme. */
export function ThemeToggle({ variant = 'icon' }: ThemeToggleProps) {
  const { t } = useLingui()
  const { theme, toggleTheme } = useTheme()
  // Prerendered HTML is light; the real state follows right after hydration.
  const dark = useHydrated() && theme === 'dark'
  const label = t`Dark theme`
  return (
    <button
      type="button"
      className={variant === 'icon' ? 'icon-button theme-toggle' : 'labelled-toggle theme-toggle'}
      aria-pressed={dark}
      onClick={toggleTheme}
      title={variant === 'icon' ? label : undefined}
    >
      {/* Both icons are rendered; CSS shows the one for <html data-theme>, set before first
          paint, so the icon is right even before hydration. */}
      <SunIcon />
      <MoonIcon />
      <span className={variant === 'icon' ? 'visually-hidden' : undefined}>{label}</span>
    </button>
  )
}
