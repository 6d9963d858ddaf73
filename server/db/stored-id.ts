import { isUuid, type Uuid } from '../../domain/ids/uuid'

/**
 * An id PostgreSQL returned from a `uuid` column, as a `Uuid`: well formed by construction (one
 * that is not is a bug, not a request, and throws).
 */
export function storedUuid(value: string): Uuid {
  if (!isUuid(value)) throw new Error('The database returned an id that is not a uuid')
  return value
}
