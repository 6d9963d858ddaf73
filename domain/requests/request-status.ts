import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isOneOf } from '../one-of'

/**
 * A service request's statuses, in the order work moves through them. Which change is allowed
 * from which status is not listed here: the `serviceRequest` machine (machines/) is the one rule
 * book, read by the server before it stores a change and by the pages that offer one.
 */
export const requestStatuses = [
  'received',
  'inReview',
  'proposalSent',
  'inProgress',
  'delivered',
  'declined',
  'withdrawn',
] as const
export type RequestStatus = (typeof requestStatuses)[number]

export const isRequestStatus = isOneOf(requestStatuses)

export const requestStatusLabels: Record<RequestStatus, MessageDescriptor> = {
  received: msg`Received`,
  inReview: msg`In review`,
  proposalSent: msg`Proposal sent`,
  inProgress: msg`In progress`,
  delivered: msg`Delivered`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
}

/** Who changes a request: the client who sent it, or the agency (an admin). */
export type RequestActor = 'client' | 'agency'
