import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * The text of a PDF as a reader extracts it (pdf.js, the library browsers use), page by page
 * joined with spaces — not a grep of the bytes: a glyph the font lacks, or a font not embedded
 * with its Unicode map, does not come out as the character.
 */
export async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
  }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await document.destroy()
  return pages.join(' ').replace(/\s+/g, ' ')
}
