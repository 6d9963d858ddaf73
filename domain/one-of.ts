/**
 * The type guard of a closed list of literals (`as const`): whether a value read from outside
 * (a stored column, a query string, a parsed body) is one of them. The list stays the one
 * source of what the type holds; the guard is derived from it, never a second list.
 */
export function isOneOf<const T extends string>(values: readonly T[]) {
  const members: ReadonlySet<unknown> = new Set(values)
  return (value: unknown): value is T => members.has(value)
}
