import type { AcceptedMediaType } from '../../domain/requests/thread-limits'

/**
 * Recognises an upload's type from its bytes as they arrive, never from its name or the type the
 * browser claims: PDF, PNG, JPEG and WebP by their signatures; the Office Open XML documents as
 * ZIP archives whose central directory lists `[Content_Types].xml` and the document's folder
 * (`word/`, `xl/`, `ppt/`); plain text (and CSV, by its name) as valid UTF-8 without NUL that does
 * not open like markup (HTML, SVG, XML: a page a browser could run). Anything else is refused.
 *
 * Memory stays bounded: the first bytes, a decoder's few pending bytes and, for a ZIP, the last
 * 64 KiB + 22 bytes (where the end of central directory record lives); a central directory that
 * starts before them is read back from storage (`readRange`).
 *
 * Why not a detection library such as `file-type`: it answers "what is this?" for hundreds of
 * formats, and we need "is this one of our seven?", with the refusal decided as the bytes arrive
 * (the upload stops at the first byte no accepted type could hold, before it is stored). It has no
 * answer for plain text, which would still be ours (valid UTF-8, no NUL, not markup); it looks
 * only at the start of a stream, where a ZIP's local headers may say anything, while Office and
 * every unzip tool read the central directory at the end, which is what we check. Seven
 * signatures and one ZIP rule are less code to audit than the library and its parsers.
 */

const signatures: readonly { readonly type: AcceptedMediaType; readonly bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
]
const zipLocalHeader = [0x50, 0x4b, 0x03, 0x04]
/** What the sniffer needs before it decides which family the file is. */
const headBytes = 16
/** The end of central directory record (22 bytes) plus the longest comment it may carry. */
const zipTailBytes = 22 + 0xffff
/** A central directory beyond this is not a document anyone uploads: refused. */
const maxCentralDirectoryBytes = 4 * 1024 * 1024

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte)

const isWebp = (head: Uint8Array) =>
  startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)

type Family =
  | { readonly kind: 'binary'; readonly type: AcceptedMediaType }
  | { readonly kind: 'zip' }
  | { readonly kind: 'text' }

function familyOf(head: Uint8Array): Family {
  for (const signature of signatures)
    if (startsWith(head, signature.bytes)) return { kind: 'binary', type: signature.type }
  if (isWebp(head)) return { kind: 'binary', type: 'image/webp' }
  if (startsWith(head, zipLocalHeader)) return { kind: 'zip' }
  return { kind: 'text' }
}

/** Reads `length` bytes of the stored upload from `offset` (a ZIP's central directory). */
export type ReadRange = (offset: number, length: number) => Promise<Buffer>

export type Sniffer = {
  /** The next bytes; false as soon as the content cannot be any accepted type. */
  push(chunk: Uint8Array): boolean
  /** The type, once every byte has been pushed; undefined when it is none of the accepted. */
  finish(readRange: ReadRange): Promise<AcceptedMediaType | undefined>
}

export function createSniffer(fileName: string): Sniffer {
  let head = new Uint8Array(0)
  let family: Family | undefined
  let size = 0
  let refused = false
  // Text: a streaming decoder that throws on invalid UTF-8, and whether the first visible
  // character has been seen (markup is refused by it).
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  let sawVisible = false
  // ZIP: the latest bytes, enough to hold the end of central directory record.
  let tail = Buffer.alloc(0)

  const text = (chunk: Uint8Array, last: boolean): boolean => {
    if (chunk.includes(0)) return false
    let decoded: string
    try {
      decoded = decoder.decode(chunk, { stream: !last })
    } catch {
      return false
    }
    if (!sawVisible) {
      const visible = decoded.replace(/^[\uFEFF\s]+/, '')
      if (visible !== '') {
        sawVisible = true
        if (visible.startsWith('<')) return false
      }
    }
    return true
  }

  const take = (chunk: Uint8Array): boolean => {
    if (!family) return true
    if (family.kind === 'text') return text(chunk, false)
    if (family.kind === 'zip') {
      tail = Buffer.concat([tail, chunk])
      if (tail.length > zipTailBytes) tail = Buffer.from(tail.subarray(tail.length - zipTailBytes))
    }
    return true
  }

  return {
    push(chunk) {
      if (refused) return false
      size += chunk.length
      if (!family) {
        const joined = new Uint8Array(head.length + chunk.length)
        joined.set(head)
        joined.set(chunk, head.length)
        if (joined.length < headBytes) {
          head = joined
          return true
        }
        family = familyOf(joined)
        head = new Uint8Array(0)
        refused = !take(joined)
        return !refused
      }
      refused = !take(chunk)
      return !refused
    },
    async finish(readRange) {
      if (refused || size === 0) return undefined
      if (!family) {
        // Shorter than the head: decide on what there is.
        family = familyOf(head)
        if (family.kind === 'binary') return undefined // a signature alone is not a file
        if (!take(head)) return undefined
      }
      if (family.kind === 'binary') return family.type
      if (family.kind === 'text') {
        if (!text(new Uint8Array(0), true) || !sawVisible) return undefined
        return /\.csv$/i.test(fileName.trim()) ? 'text/csv' : 'text/plain'
      }
      return officeTypeOf(tail, size, readRange)
    },
  }
}

/** The document type a ZIP's central directory names, or undefined when it is no such document. */
async function officeTypeOf(
  tail: Buffer,
  size: number,
  readRange: ReadRange,
): Promise<AcceptedMediaType | undefined> {
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0 || eocd + 22 > tail.length) return undefined
  const entries = tail.readUInt16LE(eocd + 10)
  const directorySize = tail.readUInt32LE(eocd + 12)
  const directoryOffset = tail.readUInt32LE(eocd + 16)
  if (directorySize > maxCentralDirectoryBytes || directoryOffset + directorySize > size)
    return undefined
  const tailStart = size - tail.length
  const directory =
    directoryOffset >= tailStart
      ? tail.subarray(directoryOffset - tailStart, directoryOffset - tailStart + directorySize)
      : await readRange(directoryOffset, directorySize)
  const names = centralDirectoryNames(directory, entries)
  if (!names.includes('[Content_Types].xml')) return undefined
  if (names.some((name) => name.startsWith('word/')))
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  if (names.some((name) => name.startsWith('xl/')))
    return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  if (names.some((name) => name.startsWith('ppt/')))
    return 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
  return undefined
}

/** The entry names of a central directory (stops at the first malformed header). */
function centralDirectoryNames(directory: Buffer, entries: number): string[] {
  const names: string[] = []
  let offset = 0
  for (let i = 0; i < entries && offset + 46 <= directory.length; i += 1) {
    if (directory.readUInt32LE(offset) !== 0x02014b50) break
    const nameLength = directory.readUInt16LE(offset + 28)
    const extraLength = directory.readUInt16LE(offset + 30)
    const commentLength = directory.readUInt16LE(offset + 32)
    const start = offset + 46
    if (start + nameLength > directory.length) break
    names.push(directory.subarray(start, start + nameLength).toString('latin1'))
    offset = start + nameLength + extraLength + commentLength
  }
  return names
}
