import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isStorableText } from '../validation/field-rules'
import { cleanFileName, storedFileName } from './file-names'
import { acceptedFileTypes, threadLimits } from './thread-limits'

const fileSystemCharacters = /[/\\:*?"<>|]/

describe('the name a file is stored under', () => {
  it.each([
    ['Factura_2026\u202Efdp.bat', 'text/plain', 'Factura_2026fdp.txt'],
    ['report.bat', 'text/plain', 'report.txt'],
    ['report', 'text/plain', 'report.txt'],
    ['tabla.CSV', 'text/csv', 'tabla.CSV'],
    ['scan.pdf', 'image/png', 'scan.png'],
    ['Foto.JPEG', 'image/jpeg', 'Foto.JPEG'],
    ['invoice.pdf.exe', 'application/pdf', 'invoice.pdf.pdf'],
    ['Acme Inc. brief', 'application/pdf', 'Acme Inc. brief.pdf'],
    ['Notas: martes.txt', 'text/plain', 'Notas_ martes.txt'],
    ['Acta\u0085final.txt', 'text/plain', 'Acta final.txt'],
    ['  .env. ', 'text/plain', 'env.txt'],
    [
      'aux.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      '_aux.docx',
    ],
    ['COM1', 'text/plain', '_COM1.txt'],
    ['Cafe\u0301.txt', 'text/plain', 'Café.txt'], // NFC: one code point for é
  ] as const)('%j holding %s is stored as %j', (raw, type, stored) => {
    expect(storedFileName(cleanFileName(raw), type)).toBe(stored)
  })

  it('leaves nothing of a name made only of what it cleans', () => {
    for (const raw of ['...', ' . ', '\u202E', '\u2066\u2069', '\u0000\u0085'])
      expect(cleanFileName(raw)).toBe('')
  })

  it('shortens the name before its extension to fit 200 code points and 255 bytes', () => {
    const long = storedFileName(cleanFileName(`${'a'.repeat(198)}.b`), 'text/plain')
    expect(long).toBe(`${'a'.repeat(196)}.txt`)
    const wide = storedFileName(cleanFileName(`${'報'.repeat(150)}.bat`), 'text/plain')
    expect(new TextEncoder().encode(wide).length).toBeLessThanOrEqual(255)
    expect(wide).toBe(`${'報'.repeat(83)}.txt`)
  })

  it('always gives a storable name free of file-system characters, ending with its type’s extension', () => {
    const types = acceptedFileTypes.map((type) => type.mediaType)
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 1, maxLength: threadLimits.fileNameMax }),
        fc.constantFrom(...types),
        (raw, type) => {
          const clean = cleanFileName(raw)
          fc.pre(clean !== '')
          const stored = storedFileName(clean, type)
          const extensions = acceptedFileTypes.find((entry) => entry.mediaType === type)?.extensions
          expect(isStorableText(stored)).toBe(true)
          expect(stored).not.toMatch(fileSystemCharacters)
          expect(stored).not.toMatch(/^[\s.]|[\s.]$/u)
          expect([...stored].length).toBeLessThanOrEqual(threadLimits.fileNameMax)
          expect(extensions?.some((extension) => stored.toLowerCase().endsWith(extension))).toBe(
            true,
          )
          // Stored names are stable: storing one again changes nothing.
          expect(storedFileName(cleanFileName(stored), type)).toBe(stored)
        },
      ),
    )
  })
})
