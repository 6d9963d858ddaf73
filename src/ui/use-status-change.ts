import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import type { ServiceRequestBody } from '../../domain/api/api-contract'
import { type StatusChangeValues, statusChangeMachine } from '../../machines/status-change-machine'
import { inspectorOptions } from './machine-inspector'

/**
 * The statusChange machine with its call, one actor per request shown: the client's withdrawal
 * (src/features/requests) and the agency's status form (src/features/admin) both run it.
 */
export function useStatusChange(
  change: (values: StatusChangeValues) => Promise<ServiceRequestBody>,
) {
  const [machine] = useState(() =>
    statusChangeMachine.provide({
      actors: { changeStatus: fromPromise(({ input }) => change(input)) },
    }),
  )
  return useMachine(machine, inspectorOptions)
}
