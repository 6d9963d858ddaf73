import { type Service, type ServiceId, serviceTable } from '../../domain/services/service-table'

/** The service table's row for `id` (ids are checked by the compiler; this never misses). */
export function findService(id: ServiceId): Service {
  const found = serviceTable.find((row) => row.en === id)
  if (!found) throw new Error(`No service ${id} in the service table`)
  return found
}
