/**
 * The exports' CSV dialect, for every spreadsheet locale:
 * - UTF-8 with a byte-order mark (without it spreadsheet programs read accents wrong), CRLF line
 *   ends, a comma between cells (RFC 4180);
 * - every cell quoted, its quotes doubled: a locale whose list separator is `;` (Spanish, most of
 *   Europe) splits an unquoted cell at its `;`, so quoting only the cells RFC 4180 requires (`"`
 *   `,` CR LF) would let `ACME;=cmd|' /C calc'!A0` become a second cell holding a formula;
 * - formula starters defused (CSV injection, OWASP): a `'` is put before `=`, `+`, `-`, `@`, a tab
 *   or a carriage return at the start of a cell and right after a `,` or `;` inside it, where a
 *   program that splits without honouring quotes would start a cell. Spreadsheets show a leading
 *   `'` as text and never evaluate what follows it.
 */
export function csvCell(value: string): string {
  const defused = value.replace(/(^|[,;])(?=[=+\-@\t\r])/g, "$1'")
  return `"${defused.replace(/"/g, '""')}"`
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/**
 * A streamed CSV body: the header line, then each batch of rows as it arrives, so an export of
 * every page never holds the whole list in memory. When a batch cannot be read (the database
 * went away mid-export), `abort` is told: the status line and the first rows are already sent,
 * so the only honest answer left is to break the connection, which the client sees as a failed
 * download rather than a complete-looking, truncated file. `abort` answers whether it could; if
 * not (no socket: an in-process request), the stream itself fails. Either way it never closes
 * normally after a failure.
 */
export function csvStream<Row>(
  header: readonly string[],
  batches: AsyncGenerator<Row[]>,
  toCells: (row: Row) => readonly string[],
  abort: (error: unknown) => boolean,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let started = false
  let failed = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`))
        return
      }
      // The broken connection cancels the stream; until then a read gets nothing more.
      if (failed) return
      let next: IteratorResult<Row[]>
      try {
        next = await batches.next()
      } catch (error) {
        failed = true
        if (!abort(error)) controller.error(error)
        return
      }
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
