import type { ServiceRequestBody } from '../../domain/api/api-contract'
import {
  emptyServiceRequestForm,
  type ServiceRequestFormValues,
} from '../../domain/requests/service-request-form'
import type { serviceRequestFormMachine } from '../../machines/service-request-form-machine'
import { sentRequest } from '../fixtures/service-requests'
import type { PathEvents } from '../paths/path-plan'
import { accepted, refused, unreachable } from './api-answers'

/** What a service page's brief submits on its generated paths and what the network answers. */

export const briefValues: ServiceRequestFormValues = {
  need: 'We need a new site for our bakery in Oaxaca, with online orders.',
  desiredStart: 'within-1-month',
  budget: '25k-75k',
}

const created: ServiceRequestBody = {
  ...accepted('We have your request. We answer within one business day.'),
  request: sentRequest,
}

export const requestBriefPathEvents: PathEvents<typeof serviceRequestFormMachine> = (snapshot) => {
  if (snapshot.matches('editing'))
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', values: briefValues },
          { type: 'submit', values: emptyServiceRequestForm },
        ]
      : [{ type: 'submit', values: briefValues }]
  if (snapshot.matches('submitting'))
    return [
      { type: 'xstate.done.actor.sendRequest', output: created },
      ...(snapshot.context.refusedSubmissions === 0
        ? [
            {
              type: 'xstate.error.actor.sendRequest' as const,
              error: refused(400, 'invalid_fields', 'Some fields are missing or invalid.', {
                need: 'Describe what you need in at least 20 characters.',
              }),
            },
          ]
        : []),
      { type: 'xstate.error.actor.sendRequest', error: unreachable() },
    ]
  return []
}
