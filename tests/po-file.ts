import { readFileSync } from 'node:fs'

export type PoEntry = {
  readonly id: string
  readonly str: string
  readonly fuzzy: boolean
  readonly obsolete: boolean
}

function unquote(line: string): string {
  return JSON.parse(line.trim()) as string
}

/** Reads the entries of a PO file (enough of the format for Lingui's output). */
export function readPo(path: string): PoEntry[] {
  const entries: PoEntry[] = []
  const blocks = readFileSync(path, 'utf8').split(/\r?\n\r?\n/)
  for (const block of blocks) {
    const lines = block.split(/\r?\n/)
    let id: string | undefined
    let str: string | undefined
    let current: 'id' | 'str' | undefined
    const fuzzy = lines.some((l) => l.startsWith('#,') && l.includes('fuzzy'))
    const obsolete = lines.some((l) => l.startsWith('#~'))
    for (const line of lines) {
      if (line.startsWith('msgid ')) {
        id = unquote(line.slice(6))
        current = 'id'
      } else if (line.startsWith('msgstr ')) {
        str = unquote(line.slice(7))
        current = 'str'
      } else if (line.startsWith('"')) {
        if (current === 'id') id = (id ?? '') + unquote(line)
        if (current === 'str') str = (str ?? '') + unquote(line)
      }
    }
    if (id !== undefined && id !== '' && str !== undefined)
      entries.push({ id, str, fuzzy, obsolete })
  }
  return entries
}
