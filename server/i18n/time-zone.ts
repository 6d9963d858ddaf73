/** Whether `zone` is an IANA time zone this runtime knows (`America/Mexico_City`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * `at` as the wall clock of `zone` shows it, `YYYY-MM-DD HH:MM` (24 h): the order a spreadsheet
 * recognises as a date and time and sorts as text, in any language.
 */
export function localDateTime(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}
