import { isOneOf } from '../one-of'

/**
 * The states a proposal version may be stored in. Which change is allowed from which is not
 * listed here: the `proposal` machine (machines/proposal-machine.ts) is the one rule book.
 */
export const proposalStates = [
  'draft',
  'sent',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'superseded',
] as const
export type ProposalState = (typeof proposalStates)[number]

export const isProposalState = isOneOf(proposalStates)

/** What a person may do to a proposal (the rest happens to it: expiry, a newer version, a close). */
export const proposalActions = ['edit', 'send', 'accept', 'decline', 'withdraw'] as const
export type ProposalAction = (typeof proposalActions)[number]
