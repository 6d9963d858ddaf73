import type { I18n } from '@lingui/core'

/**
 * The date styles of the signed-in pages, named so that every page, and the warm-up below, ask
 * Lingui for the very same formatter (it keeps one per language and options).
 */
export const dayStyle: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
export const momentStyle: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/**
 * Makes the signed-in pages' date formatters, each in a task of its own, while the page waits
 * for the server (docs/decisions/045). The first `Intl.DateTimeFormat` of a page loads the
 * runtime's calendar data, about 10 ms on a desktop core: made while rendering the first rows,
 * it lengthened that task by as much. Answers the cancel.
 */
export function warmDateFormats(i18n: I18n): () => void {
  const pending = [dayStyle, momentStyle]
  let timer: ReturnType<typeof setTimeout> | undefined
  const next = () => {
    const style = pending.shift()
    if (!style) return
    i18n.date(new Date(0), style)
    timer = setTimeout(next)
  }
  timer = setTimeout(next)
  return () => clearTimeout(timer)
}
