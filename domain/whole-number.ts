/**
 * `12500` → `12,500`: a whole number with its thousands grouped by commas, as English and
 * Mexican Spanish both write it (what `Intl.NumberFormat` gives for `en-US` and `es-MX`).
 * Written here rather than with `Intl.NumberFormat` because creating the first one loads the
 * runtime's number data: about 10 ms of a phone's main thread in the task that hydrates a form
 * page, for a hint such as "10 to 2,000 characters". The server and every browser agree.
 */
export function formatWholeNumber(value: number): string {
  const digits = Math.abs(Math.trunc(value)).toString()
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return value < 0 && digits !== '0' ? `-${grouped}` : grouped
}
