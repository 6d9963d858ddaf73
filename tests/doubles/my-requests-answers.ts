import type {
  ServiceRequestBody,
  ServiceRequestSummary,
  ServiceRequestsBody,
} from '../../domain/api/api-contract'
import { sentRequest } from '../fixtures/service-requests'
import { accepted, type HeldRead, readAs } from './api-answers'

/** What `/my-services` reads and what a client's withdrawal gets, in the jsdom tests. */

/**
 * `/api/v1/me/service-requests` holding `requests`; a row without `newMessages`, `proposal` or
 * `amountDue` gets what this server sends for a request with no new agency messages, no
 * proposal sent and nothing due (0, null, 0).
 */
export function myRequestsRead(
  ...requests: ServiceRequestsBody['requests']
): HeldRead<ServiceRequestsBody> {
  return readAs<ServiceRequestsBody>('myServiceRequests', {
    success: true,
    requests: requests.map((request) => ({
      newMessages: 0,
      proposal: null,
      amountDue: 0,
      ...request,
    })),
  })
}

/** The withdrawal's success, with the request as it is now. */
export function withdrawnRead(request: ServiceRequestSummary): HeldRead<ServiceRequestBody> {
  return readAs<ServiceRequestBody>('withdrawServiceRequest', {
    ...accepted('Withdrawn.'),
    request,
  })
}

/** The reads the check against the server compares (one of each, with a request in it). */
export const myRequestsReads = [myRequestsRead(sentRequest), withdrawnRead(sentRequest)]
