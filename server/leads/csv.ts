/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field holding a comma, a quote or a line break
 * quoted, its quotes doubled), made safe to open in a spreadsheet: a cell that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula (CSV injection,
 * OWASP), so it is prefixed with `'`, which spreadsheets show as text and do not evaluate.
 */
export function csvCell(value: string): string {
  const defused = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/**
 * A streamed CSV body: the header line, then each batch of rows as it arrives, so an export of
 * every page never holds the whole list in memory. Starts with a byte-order mark, without
 * which spreadsheet programs read UTF-8 accents wrong.
 */
export function csvStream<Row>(
  header: readonly string[],
  batches: AsyncGenerator<Row[]>,
  toCells: (row: Row) => readonly string[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`))
        return
      }
      const next = await batches.next()
      if (next.done) {
        controller.close()
        return
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(toCells(row))).join('')))
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
}
