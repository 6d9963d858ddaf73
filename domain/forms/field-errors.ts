/** One message per refused field, keyed by field name; '' holds a problem with the whole input. */
export type FieldErrors = Partial<Record<string, string>>
