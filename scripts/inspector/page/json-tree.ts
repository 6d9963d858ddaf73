import type { JsonValue } from '../../../src/ui/inspector-protocol'

/** A JSON value as nested <details>: objects and arrays fold, keyboard-operable as they are. */
export function jsonTree(value: JsonValue, label: string, open = false): HTMLElement {
  if (value === null || typeof value !== 'object') {
    const line = document.createElement('div')
    line.className = 'json-leaf'
    line.textContent = `${label}: ${JSON.stringify(value)}`
    return line
  }
  const entries: [string, JsonValue][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value)
  const details = document.createElement('details')
  details.open = open
  const summary = document.createElement('summary')
  summary.textContent = `${label} ${Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`}`
  details.append(summary)
  const list = document.createElement('div')
  list.className = 'json-children'
  for (const [key, item] of entries) list.append(jsonTree(item, key))
  details.append(list)
  return details
}
