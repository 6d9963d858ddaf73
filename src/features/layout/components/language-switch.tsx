import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { locales } from '../../../i18n/locales'
import { useLanguageSwitch } from '../use-language-switch'

// Each language is named in itself, whatever the page's language (so both catalogs agree).
const nativeNames = {
  en: msg({ id: 'language.en.native', message: 'English' }),
  es: msg({ id: 'language.es.native', message: 'Español' }),
} as const

export function LanguageSwitch() {
  const { t, i18n } = useLingui()
  const switchLanguage = useLanguageSwitch()
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a visible legend here
    <div className="language-switch" role="group" aria-label={t`Language`}>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={i18n.locale === locale}
          onClick={() => void switchLanguage(locale)}
        >
          {i18n._(nativeNames[locale])}
        </button>
      ))}
    </div>
  )
}
