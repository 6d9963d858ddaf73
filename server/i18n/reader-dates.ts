import type { Locale } from '../../domain/locales'

/**
 * A `YYYY-MM-DD` calendar day as the reader's language writes it ("26 December 2026",
 * "26 de diciembre de 2026"): the day it names, whatever the time zone (as the site shows it).
 */
export function readerDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  )
}

/** The day of `at` on the clock of `zone`, in the reader's language. */
export function readerDate(at: Date, locale: Locale, zone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone }).format(at)
}

/**
 * `at` to the minute on the clock of `zone`, in the reader's language, with the zone's
 * abbreviation or offset so that the record reads the same anywhere ("November 26, 2026 at
 * 3:20 AM CST").
 */
export function readerMoment(at: Date, locale: Locale, zone: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(at)
}
