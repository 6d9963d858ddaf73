import { failureAnswer } from '../domain/api/api-contract'

/** A text worth showing: a string that is not blank. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/**
 * The server's own explanation of a refusal, when it gave one worth showing. A failure body
 * repeats `message` as `error`; the registration and reset flows read `error`.
 */
export function serverText(
  error: unknown,
  field: 'message' | 'error' = 'message',
): string | undefined {
  return text(failureAnswer(error)?.[field])
}
