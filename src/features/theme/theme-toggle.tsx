import { useLingui } from '@lingui/react/macro'
import { useTheme } from './use-theme'

export function ThemeToggle() {
  const { t } = useLingui()
  const { theme, toggleTheme } = useTheme()
  const dark = theme === 'dark'
  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={dark}
      onClick={toggleTheme}
      title={t`Dark theme`}
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
      <span className="visually-hidden">{t`Dark theme`}</span>
    </button>
  )
}
