import { crc32 } from 'node:zlib'

/**
 * A ZIP archive written as it is read, for a request's files: entries are stored (the files are
 * mostly compressed already), each with its CRC-32 and sizes in its local header — the most
 * widely readable form — so each file is read twice from storage, once for its CRC and once for
 * its bytes, one chunk at a time. Names are UTF-8 (flag bit 11). No ZIP64: a request holds at
 * most 100 MB.
 */
export type ZipEntry = {
  readonly name: string
  readonly size: number
  readonly modifiedAt: Date
  /** The entry's bytes, from the start, each time it is called. */
  read(): AsyncGenerator<Buffer>
}

const utf8Flag = 0x0800

/** MS-DOS date and time (local fields, two-second steps), as ZIP stores them. */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getUTCFullYear())
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  }
}

/** The archive's exact length, for `Content-Length`. */
export function zipLength(entries: readonly ZipEntry[]): number {
  return (
    entries.reduce(
      (total, entry) => total + 30 + 46 + 2 * Buffer.byteLength(entry.name) + entry.size,
      0,
    ) + 22
  )
}

/**
 * Distinct, harmless entry names: the stored names hold no slash, control or bidirectional
 * override (cleaned at upload: domain/requests/file-names.ts); `.` and `..` become `file`,
 * and a repeated name gets " (2)", " (3)" … before its extension.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>()
  return names.map((raw) => {
    const name = raw === '.' || raw === '..' || raw === '' ? 'file' : raw
    let candidate = name
    const dot = name.lastIndexOf('.')
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1)
      candidate = `${stem} (${n})${extension}`
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

export async function* zipArchive(entries: readonly ZipEntry[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    let crc = 0
    for await (const part of entry.read()) crc = crc32(part, crc)
    const name = Buffer.from(entry.name, 'utf8')
    const { time, day } = dosDateTime(entry.modifiedAt)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(utf8Flag, 6)
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(day, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(entry.size, 18)
    local.writeUInt32LE(entry.size, 22)
    local.writeUInt16LE(name.length, 26)
    yield Buffer.concat([local, name])
    let written = 0
    for await (const part of entry.read()) {
      written += part.length
      yield part
    }
    if (written !== entry.size) throw new Error(`A file changed size while archived: ${entry.name}`)
    const record = Buffer.alloc(46)
    record.writeUInt32LE(0x02014b50, 0)
    record.writeUInt16LE(20, 4)
    record.writeUInt16LE(20, 6)
    record.writeUInt16LE(utf8Flag, 8)
    record.writeUInt16LE(0, 10)
    record.writeUInt16LE(time, 12)
    record.writeUInt16LE(day, 14)
    record.writeUInt32LE(crc, 16)
    record.writeUInt32LE(entry.size, 20)
    record.writeUInt32LE(entry.size, 24)
    record.writeUInt16LE(name.length, 28)
    record.writeUInt32LE(offset, 42)
    central.push(record, name)
    offset += 30 + name.length + entry.size
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  yield Buffer.concat([directory, end])
}
