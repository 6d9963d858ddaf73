/**
 * What changed between two saved states of an item's fields (two revisions), value by value:
 * each text in each language (`situation.es`), each list entry's texts (`results.1.label.en`),
 * each plain value (`featured`, `order`). A list of plain values (a case study's services) is
 * compared as a set: each value taken out is one change with only `before`, each put in one
 * with only `after`. A list of entries is compared by place: an entry only one side has gives
 * its values with the other side absent. Pure: the revisions view labels and shows the result.
 */

export type PlainValue = string | number | boolean | null

export type ContentChange = {
  /** Where the value is, dotted (`results.1.label.es`). */
  readonly path: string
  /** Absent: the value was not there before (added). */
  readonly before?: PlainValue
  /** Absent: the value is not there after (removed). */
  readonly after?: PlainValue
}

const isPlain = (value: unknown): value is PlainValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)

function join(path: string, key: string) {
  return path === '' ? key : `${path}.${key}`
}

/** Every plain value under `value`, with its path (absent sides of a changed entry). */
function leaves(value: unknown, path: string): { path: string; value: PlainValue }[] {
  if (isPlain(value)) return [{ path, value }]
  if (Array.isArray(value))
    return value.every(isPlain)
      ? value.map((item) => ({ path, value: item }))
      : value.flatMap((item, index) => leaves(item, join(path, String(index))))
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, join(path, key)))
  return []
}

function diffAt(before: unknown, after: unknown, path: string): ContentChange[] {
  if (before === undefined)
    return leaves(after, path).map((leaf) => ({ path: leaf.path, after: leaf.value }))
  if (after === undefined)
    return leaves(before, path).map((leaf) => ({ path: leaf.path, before: leaf.value }))
  if (isPlain(before) || isPlain(after)) {
    if (isPlain(before) && isPlain(after)) return before === after ? [] : [{ path, before, after }]
    return [...diffAt(before, undefined, path), ...diffAt(undefined, after, path)]
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.every(isPlain) && after.every(isPlain))
      return [
        ...before.filter((item) => !after.includes(item)).map((item) => ({ path, before: item })),
        ...after.filter((item) => !before.includes(item)).map((item) => ({ path, after: item })),
      ]
    const length = Math.max(before.length, after.length)
    return Array.from({ length }, (_, index) =>
      diffAt(before[index], after[index], join(path, String(index))),
    ).flat()
  }
  if (Array.isArray(before) || Array.isArray(after))
    return [...diffAt(before, undefined, path), ...diffAt(undefined, after, path)]
  const older = before as Readonly<Record<string, unknown>>
  const newer = after as Readonly<Record<string, unknown>>
  const keys = [...new Set([...Object.keys(older), ...Object.keys(newer)])]
  return keys.flatMap((key) => diffAt(older[key], newer[key], join(path, key)))
}

/** The changes from `before` to `after`, in the order of the fields (then of new ones). */
export function contentDiff(before: unknown, after: unknown): readonly ContentChange[] {
  return diffAt(before, after, '')
}
