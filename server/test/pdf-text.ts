import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** The PDF as pdf.js reads it, with only the fonts it embeds and no code evaluated. */
function openPdf(bytes: Buffer) {
  return getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
  }).promise
}

/**
 * The text of a PDF as a reader extracts it (pdf.js, the library browsers use), page by page
 * joined with spaces — not a grep of the bytes: a glyph the font lacks, or a font not embedded
 * with its Unicode map, does not come out as the character.
 */
export async function pdfText(bytes: Buffer): Promise<string> {
  const document = await openPdf(bytes)
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await document.destroy()
  return pages.join(' ').replace(/\s+/g, ' ')
}

/**
 * The lines of a PDF's text as a reader lays them out: the pieces of text on one baseline of one
 * page, left to right, joined. A number that wrapped shows as two lines.
 */
export async function pdfLines(bytes: Buffer): Promise<string[]> {
  const document = await openPdf(bytes)
  const lines: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    const rows = new Map<number, { x: number; text: string }[]>()
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue
      const y = Math.round(Number(item.transform[5]))
      const x = Number(item.transform[4])
      rows.set(y, [...(rows.get(y) ?? []), { x, text: item.str }])
    }
    for (const [, pieces] of [...rows].sort(([a], [b]) => b - a))
      lines.push(
        pieces
          .sort((a, b) => a.x - b.x)
          .map((piece) => piece.text)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
  }
  await document.destroy()
  return lines
}
