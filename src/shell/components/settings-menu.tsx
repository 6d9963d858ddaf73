import { Trans } from '@lingui/react/macro'
import { settingsMenuMachine } from '../../../machines/disclosure-machine'
import { ThemeToggle } from '../../features/theme/theme-toggle'
import { useDisclosureMenu } from '../use-disclosure-menu'
import { LanguageSwitch } from './language-switch'
import { SettingsIcon } from './nav-icons'

/** Mobile bar item: the settings button and its theme + language panel (settingsMenuMachine). */
export function SettingsMenu() {
  const menu = useDisclosureMenu<HTMLLIElement>(settingsMenuMachine)
  return (
    <li className="settings-menu" {...menu.container}>
      <button className="bar-item" {...menu.button}>
        <SettingsIcon />
        <span>
          <Trans>Settings</Trans>
        </span>
      </button>
      <div className="settings-panel" {...menu.panel}>
        <ThemeToggle variant="labelled" />
        <LanguageSwitch />
      </div>
    </li>
  )
}
