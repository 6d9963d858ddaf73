import { failureAnswer } from '../src/domain/api/api-contract'

/** The server's own explanation of a refusal, when it gave one worth showing. */
export function serverText(error: unknown): string | undefined {
  const text = failureAnswer(error)?.message
  return text !== undefined && text.trim() !== '' ? text : undefined
}
