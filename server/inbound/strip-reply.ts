/**
 * The new text of a reply by email: what the person wrote above the quoted mail, without the
 * quote or their signature. Mail clients mark the quote in a few ways, all handled here; the
 * text is cut at the first line that starts one (everything after it is the old mail):
 *
 * - Gmail, Apple Mail, Thunderbird: an attribution line `On <date>, <name> wrote:` (Spanish
 *   `El <date>, <name> escribió:`), which may wrap onto a second line;
 * - Outlook: `-----Original Message-----` (`-----Mensaje original-----`), or a header block
 *   `From: …` followed within a few lines by `Sent: …` (`De: …` / `Enviado: …`), often under a
 *   line of underscores;
 * - the signature delimiter `-- ` (RFC 3676), and a phone's "Sent from my iPhone";
 * - and anywhere, lines quoted with `>` are dropped.
 *
 * Why not a library: `email-reply-parser` ports GitHub's English-only rules (no "escribió",
 * no Outlook header block) and pulls in the native `re2`; Mailgun's `planer` works on HTML
 * through a DOM (jsdom) to reach the same few rules. These patterns, each with its test, are
 * shorter to read than either dependency.
 */

const attributionEnd = /(wrote|escribió)\s*:\s*$/i
const attributionStart = /^(On|El)\s.+/i
const outlookSeparator = /^\s*-{2,}\s*(Original Message|Mensaje original)\s*-{2,}\s*$/i
const outlookFrom = /^\s*\*?(From|De):\*?\s/i
const outlookSent = /^\s*\*?(Sent|Enviado|Date|Fecha):\*?\s/i
const underscores = /^\s*_{10,}\s*$/
const signature = /^-- ?$/
const sentFrom = /^(Sent from my|Enviado desde mi)\s/i

/** Whether line `i` opens the quoted mail (see the rules above). */
function opensQuote(lines: readonly string[], i: number): boolean {
  const line = lines[i] ?? ''
  if (signature.test(line) || outlookSeparator.test(line) || underscores.test(line)) return true
  if (sentFrom.test(line.trim())) return true
  if (attributionStart.test(line.trim())) {
    if (attributionEnd.test(line)) return true
    // Wrapped: "On Mon, 3 Mar 2025 at 10:00, Ana Ruiz <ana@example.com>" / "wrote:".
    const next = lines[i + 1] ?? ''
    if (attributionEnd.test(next) && next.trim().length < 80) return true
  }
  if (outlookFrom.test(line))
    return lines.slice(i + 1, i + 4).some((below) => outlookSent.test(below))
  return false
}

export function stripReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const kept: string[] = []
  for (let i = 0; i < lines.length; i += 1) {
    if (opensQuote(lines, i)) break
    const line = lines[i] ?? ''
    if (/^\s*>/.test(line)) continue
    kept.push(line.replace(/\s+$/, ''))
  }
  return kept.join('\n').trim()
}
