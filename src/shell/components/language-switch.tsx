import { useLingui } from '@lingui/react/macro'
import { locales } from '../../../domain/locales'
import { languageNativeNames } from '../language-names'
import { useLanguageSwitch } from '../use-language-switch'

/** The languages as a group of toggle buttons (used inside the mobile settings panel). */
export function LanguageSwitch() {
  const { t, i18n } = useLingui()
  const switchLanguage = useLanguageSwitch()
  return (
    <fieldset className="language-switch">
      <legend>{t`Language`}</legend>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={i18n.locale === locale}
          onClick={() => void switchLanguage(locale)}
        >
          {i18n._(languageNativeNames[locale])}
        </button>
      ))}
    </fieldset>
  )
}
