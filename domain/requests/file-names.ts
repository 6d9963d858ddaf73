import { storableTextOf } from '../validation/field-rules'
import { type AcceptedMediaType, acceptedFileTypes, threadLimits } from './thread-limits'

/**
 * The name a shared file is stored, listed, mailed, zipped and downloaded under: one name, made
 * once at upload, that cannot lie about the file or trouble the disk it is saved to.
 *
 * A name comes from the uploader's disk, not from a form, so what can be cleaned is cleaned
 * rather than refused (`cleanFileName`, before the bytes are read): the characters no text field
 * may hold (controls become spaces; bidirectional overrides and isolates, which make
 * "Factura\u202Efdp.bat" show as "Factura…tab.pdf", are dropped, so it shows in its real order);
 * the characters Windows, macOS or Linux give a meaning to (`/ \ : * ? " < > |` become `_`);
 * dots and spaces at either end (hidden files, names Windows cuts); and Windows' device names
 * (CON, NUL, COM1 …, whatever follows them) get a `_` in front. Only a name with nothing left, or
 * longer than the limit, is refused.
 *
 * Then, once the content is recognised (`storedFileName`), the name ends with that type's
 * extension: a name that already does is kept; another extension is replaced ("report.bat" with
 * text in it is stored as "report.txt", "scan.pdf" holding a PNG as "scan.png"); a name with
 * none gets one. The content decides what a file is, so its name says the same.
 */

/** Characters a file system gives a meaning to (Windows refuses all of them). */
const fileSystemCharacters = /[/\\:*?"<>|]/g
/** Windows' device names: a file named so (with any extension) is the device. */
const windowsDeviceName = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i
/** What reads as an extension at the end of a name: a dot and a few letters or digits. */
const extensionPattern = /\.[A-Za-z0-9]{1,10}$/
/** Most file systems bound a name at 255 bytes (ext4, APFS) or UTF-16 units (NTFS). */
const nameBytesMax = 255

/**
 * The name as the uploader's disk gave it, made safe to store and to save anywhere; '' when
 * nothing is left of it.
 */
export function cleanFileName(raw: string): string {
  const cleaned = storableTextOf(raw.normalize('NFC'))
    .replace(fileSystemCharacters, '_')
    .replace(/^[\s.]+|[\s.]+$/gu, '')
  const device = cleaned.split('.')[0]?.trim() ?? ''
  return windowsDeviceName.test(device) ? `_${cleaned}` : cleaned
}

/** The extensions a file of `type` may be named with (lower case, with the dot). */
export function extensionsOf(type: AcceptedMediaType): readonly [string, ...string[]] {
  const accepted = acceptedFileTypes.find((entry) => entry.mediaType === type)
  if (!accepted) throw new Error(`No extensions for ${type}`)
  return accepted.extensions
}

/**
 * The stored name of a file named `cleanName` (`cleanFileName`'s) whose content is `type`: it
 * ends with one of the type's extensions, and fits the limit in code points and 255 bytes
 * (the part before the extension is shortened).
 */
export function storedFileName(cleanName: string, type: AcceptedMediaType): string {
  const extensions = extensionsOf(type)
  const current = extensionPattern.exec(cleanName)?.[0] ?? ''
  if (current !== '' && extensions.includes(current.toLowerCase()))
    return fitted(cleanName.slice(0, -current.length), current)
  const stem = current === '' ? cleanName : cleanName.slice(0, -current.length)
  return fitted(stem, extensions[0])
}

/** `stem` + `extension`, the stem cut (and its end cleaned again) until both bounds hold. */
function fitted(stem: string, extension: string): string {
  const points = [...stem]
  const fits = (name: string) =>
    [...name].length <= threadLimits.fileNameMax &&
    new TextEncoder().encode(name).length <= nameBytesMax
  while (points.length > 0 && !fits(`${points.join('')}${extension}`)) points.pop()
  const cut = points.join('').replace(/[\s.]+$/u, '')
  return `${cut === '' ? 'file' : cut}${extension}`
}
