import { describe, expect, it } from 'vitest'
import { requestStatuses } from '../domain/requests/request-status'
import { allowedChanges, changeEvent, serviceRequestMachine } from './service-request-machine'

describe('serviceRequest machine', () => {
  it('has one state per stored status', () => {
    expect(Object.keys(serviceRequestMachine.states).sort()).toEqual([...requestStatuses].sort())
  })

  it('lets the agency move work forward and decline an open request', () => {
    expect(allowedChanges('received', 'agency')).toEqual(['inReview', 'declined'])
    expect(allowedChanges('inReview', 'agency')).toEqual(['declined'])
    expect(allowedChanges('proposalSent', 'agency')).toEqual(['declined'])
    expect(allowedChanges('inProgress', 'agency')).toEqual(['delivered', 'declined'])
  })

  it('lets the client only withdraw an open request', () => {
    for (const status of ['received', 'inReview', 'proposalSent', 'inProgress'] as const) {
      expect(allowedChanges(status, 'client')).toEqual(['withdrawn'])
    }
  })

  it('refuses every change from a closed request, and skipping a step', () => {
    for (const status of ['delivered', 'declined', 'withdrawn'] as const) {
      expect(allowedChanges(status, 'agency')).toEqual([])
      expect(allowedChanges(status, 'client')).toEqual([])
    }
    expect(changeEvent('received', 'delivered', 'agency')).toBeUndefined()
    expect(changeEvent('received', 'withdrawn', 'agency')).toBeUndefined()
    expect(changeEvent('inReview', 'received', 'agency')).toBeUndefined()
    expect(changeEvent('received', 'inReview', 'agency')).toEqual({ type: 'review', by: 'agency' })
  })

  it('never moves a request to "Proposal sent" or "In progress" by hand: only a proposal does', () => {
    for (const status of ['received', 'inReview', 'proposalSent'] as const) {
      for (const by of ['agency', 'client'] as const) {
        expect(changeEvent(status, 'proposalSent', by)).toBeUndefined()
        expect(changeEvent(status, 'inProgress', by)).toBeUndefined()
      }
    }
  })
})
