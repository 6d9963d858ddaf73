import type { AdminServiceRequest, AdminServiceRequestBody } from '../../domain/api/api-contract'
import type { statusChangeMachine } from '../../machines/status-change-machine'
import { adminRequest, movedRequest } from '../fixtures/service-requests'
import type { PathEvents } from '../paths/path-plan'
import { accepted, type HeldRead, readAs, refused, unreachable } from './api-answers'

/** The inbox's status change on its generated paths: what it reads and what the change gets. */

export const statusNote = 'We are reading your brief and will write by Friday.'
/** The request after the paths' change. */
export const reviewedRequest = movedRequest(adminRequest, 'inReview', statusNote)
/** Another admin moved it to "In review" meanwhile: the server refuses the same change (409). */
export const movedElsewhereRequest = movedRequest(
  adminRequest,
  'inReview',
  'We are reading your brief.',
)

/** The detail as `/api/v1/admin/service-requests/:id` answers it while `request` is stored. */
export function requestDetailRead(request: AdminServiceRequest): HeldRead<AdminServiceRequestBody> {
  return readAs<AdminServiceRequestBody>('adminServiceRequest', {
    ...accepted(''),
    request,
  })
}

const changed: AdminServiceRequestBody = {
  ...accepted('The status was changed and the client notified.'),
  request: reviewedRequest,
}

export const statusChangePathEvents: PathEvents<typeof statusChangeMachine> = (snapshot) => {
  if (snapshot.matches('editing'))
    return [{ type: 'submit', values: { to: 'inReview', note: statusNote } }]
  if (snapshot.matches('submitting'))
    return [
      { type: 'xstate.done.actor.changeStatus', output: changed },
      {
        type: 'xstate.error.actor.changeStatus',
        error: refused(409, 'invalid_transition', 'That change is not allowed now.'),
      },
      // Too many changes: a failure with the server's text, which the page shows (and "Try
      // again" forgets); no answer at all: the page's own text.
      {
        type: 'xstate.error.actor.changeStatus',
        error: refused(429, 'rate_limited', 'Too many requests. Try again later.'),
      },
      { type: 'xstate.error.actor.changeStatus', error: unreachable() },
    ]
  return []
}
