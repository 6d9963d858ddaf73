import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useId, useRef } from 'react'
import { settingsMenuMachine } from '../../../machines/disclosure-machine'
import { ThemeToggle } from '../../features/theme/theme-toggle'
import { inspectorOptions } from '../../ui/machine-inspector'
import { useCloseOnNavigation } from '../use-close-on-navigation'
import { useDismissable } from '../use-dismissable'
import { LanguageSwitch } from './language-switch'
import { SettingsIcon } from './nav-icons'

/** Mobile bar item: the settings button and its theme + language panel (settingsMenuMachine). */
export function SettingsMenu() {
  const containerRef = useRef<HTMLLIElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const [snapshot, send] = useMachine(
    settingsMenuMachine.provide({
      actions: { returnFocus: () => buttonRef.current?.focus() },
    }),
    inspectorOptions,
  )
  const open = snapshot.matches('open')
  useCloseOnNavigation(send)
  const dismissable = useDismissable(containerRef, open, send)
  return (
    <li ref={containerRef} className="settings-menu" {...dismissable}>
      <button
        ref={buttonRef}
        type="button"
        className="bar-item"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => send({ type: 'toggle' })}
      >
        <SettingsIcon />
        <span>
          <Trans>Settings</Trans>
        </span>
      </button>
      <div id={panelId} className="settings-panel" hidden={!open}>
        <ThemeToggle variant="labelled" />
        <LanguageSwitch />
      </div>
    </li>
  )
}
