/**
 * A calendar date stored as `YYYY-MM-DD` (a birth date), written the way the page's language
 * writes dates ("May 17, 1990", "17 de mayo de 1990"). Read and formatted in UTC: a day, not an
 * instant, so no time zone may move it to the day before. Anything else is shown as it is.
 */
export function formatCalendarDate(value: string, locale: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!parts) return value
  const [, year, month, day] = parts.map(Number)
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1))
  if (date.getUTCDate() !== day) return value
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}
