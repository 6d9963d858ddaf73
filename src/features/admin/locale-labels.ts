import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Locale } from '../../../domain/locales'

/** The language a client or visitor wrote in (the agency answers in it), named in the page's. */
export const localeLabels: Record<Locale, MessageDescriptor> = {
  en: msg`English`,
  es: msg`Spanish`,
}
