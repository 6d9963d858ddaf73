import { type I18n, setupI18n } from '@lingui/core'
import type { Translate } from '../../domain/forms/translate'
import type { Locale } from '../../domain/locales'
import { messages as enAccount } from '../../locales/en/account.po'
import { messages as enInterface } from '../../locales/en/messages.po'
import { messages as enRegistration } from '../../locales/en/registration.po'
import { messages as enRequests } from '../../locales/en/requests.po'
import { messages as enServer } from '../../locales/en/server.po'
import { messages as esAccount } from '../../locales/es/account.po'
import { messages as esInterface } from '../../locales/es/messages.po'
import { messages as esRegistration } from '../../locales/es/registration.po'
import { messages as esRequests } from '../../locales/es/requests.po'
import { messages as esServer } from '../../locales/es/server.po'

/**
 * The server's own catalog (answers, mails) and the pages' catalogs that hold the domain's texts
 * it answers with (the schemas' field messages, status names; `requests` holds the request and
 * lead domains' texts), compiled by the Lingui Vite plugin into the server build too.
 */
const instances: Record<Locale, I18n> = {
  en: setupI18n({
    locale: 'en',
    messages: {
      en: { ...enInterface, ...enRegistration, ...enAccount, ...enRequests, ...enServer },
    },
  }),
  es: setupI18n({
    locale: 'es',
    messages: {
      es: { ...esInterface, ...esRegistration, ...esAccount, ...esRequests, ...esServer },
    },
  }),
}

export function translator(locale: Locale): Translate {
  const i18n = instances[locale]
  return (descriptor) => i18n._(descriptor)
}
