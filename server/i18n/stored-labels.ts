import { msg } from '@lingui/core/macro'
import type { Translate } from '../../domain/forms/translate'
import { budgetLabels, budgetRanges } from '../../domain/leads/lead-options'
import { isLocale } from '../../domain/locales'
import { asServiceId, serviceNames } from '../../domain/services/service-table'

/**
 * The labels of values stored from the site's closed lists, in `t`'s language: what the mails,
 * the exports and the proposal's PDF show for a stored service, budget range or language. A
 * value no longer in its list (the list changed since it was stored) is shown as stored, or,
 * for a service, as the caller chooses (`undefined`).
 */
export function serviceLabel(t: Translate, serviceId: string | null): string | undefined {
  const service = asServiceId(serviceId)
  return service ? t(serviceNames[service]) : undefined
}

export function budgetLabel(t: Translate, value: string): string {
  const budget = budgetRanges.find((known) => known === value)
  return budget ? t(budgetLabels[budget]) : value
}

/** The site's languages, named in each. */
const localeNames = {
  en: msg`English`,
  es: msg`Spanish`,
}

export function languageLabel(t: Translate, value: string): string {
  return isLocale(value) ? t(localeNames[value]) : value
}
