import type { I18n } from '@lingui/core'
import type { Locale } from '../../../domain/locales'
import type { PageFacts } from '../../../domain/pages/page-facts'
import { knownPublishedContent } from '../../ui/published-content'
import { applyHead, publicOrigin } from './apply-head'
import { buildPageHead } from './page-head'
import { pageRefFor } from './page-ref'

let origin: string | undefined

/** Read once from the page the server sent, before the first update replaces its tags. */
function pageOrigin(): string {
  origin ??= publicOrigin()
  return origin
}

/**
 * Brings the document's head in line with the page at `pathname` in `locale`, as its route
 * declares it (`facts`; none on the not-found page).
 */
export function syncHead(
  pathname: string,
  facts: PageFacts | undefined,
  locale: Locale,
  i18n: I18n,
): void {
  const page = facts ? pageRefFor(facts, pathname, knownPublishedContent()) : undefined
  applyHead(buildPageHead({ page, locale, i18n, origin: pageOrigin() }))
}
