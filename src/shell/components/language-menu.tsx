import { useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useId, useRef } from 'react'
import type { Locale } from '../../../domain/locales'
import { languageMenuMachine } from '../../../machines/language-menu-machine'
import { useLocale } from '../../i18n/use-locale'
import { inspectorOptions } from '../../ui/machine-inspector'
import { languageNativeNames } from '../language-names'
import { useDismissable } from '../use-dismissable'
import { useLanguageSwitch } from '../use-language-switch'
import { ChevronIcon, GlobeIcon } from './nav-icons'

// Spanish first: most of the agency's visitors read Spanish.
const choices: readonly Locale[] = ['es', 'en']

/** Header control: a disclosure listing the languages (languageMenuMachine). */
export function LanguageMenu() {
  const { t, i18n } = useLingui()
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const switchLanguage = useLanguageSwitch()
  const [snapshot, send] = useMachine(
    languageMenuMachine.provide({
      actions: {
        selectLanguage: (_, { locale }) => void switchLanguage(locale),
        returnFocus: () => buttonRef.current?.focus(),
      },
    }),
    inspectorOptions,
  )
  const open = snapshot.matches('open')
  const dismissable = useDismissable(containerRef, open, send)
  const locale = useLocale()
  return (
    <div ref={containerRef} className="language-menu" {...dismissable}>
      <button
        ref={buttonRef}
        type="button"
        className="disclosure-button control-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => send({ type: 'toggle' })}
      >
        <GlobeIcon />
        <span className="visually-hidden">{t`Language`}</span>{' '}
        <span lang={locale}>{i18n._(languageNativeNames[locale])}</span>
        <ChevronIcon />
      </button>
      <ul id={panelId} className="language-menu-panel" hidden={!open}>
        {choices.map((choice) => (
          <li key={choice}>
            <button
              type="button"
              lang={choice}
              aria-current={choice === locale ? 'true' : undefined}
              onClick={() => send({ type: 'select', locale: choice })}
            >
              {i18n._(languageNativeNames[choice])}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
