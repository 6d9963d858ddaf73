import { describe, expect, it } from 'vitest'
import type { RequestActor, RequestStatus } from '../domain/requests/request-status'
import {
  allowedProposalActions,
  type ProposalEvent,
  type ProposalState,
  proposalMachine,
  proposalStates,
  proposalTransition,
  requestTakesProposals,
  requestTransition,
} from './proposal-machine'

/** A request and its proposals, moved together the way the server moves them. */
type World = { status: RequestStatus; versions: ProposalState[] }

/** The server's rule: the proposal's machine and the request's machine must both agree. */
function act(world: World, index: number, event: ProposalEvent): World | undefined {
  const state = world.versions[index]
  if (state === undefined) return undefined
  const next = proposalTransition(state, event)
  if (!next) return undefined
  const status = requestTransition(event.type, world.status)
  if (status === undefined) return undefined
  const versions = [...world.versions]
  versions[index] = next
  if (event.type === 'send') {
    // Sending a version supersedes the one the client could still answer.
    const previous = versions.findIndex((version, i) => i !== index && version === 'sent')
    if (previous >= 0) versions[previous] = 'superseded'
  }
  return { status: status ?? world.status, versions }
}

const agency = { by: 'agency' as RequestActor }
const client = { by: 'client' as RequestActor }

describe('proposal machine', () => {
  it('has the stored states', () => {
    expect(Object.keys(proposalMachine.states).sort()).toEqual([...proposalStates].sort())
  })

  it('lets the agency edit and send a draft, the client only answer a sent one', () => {
    expect(allowedProposalActions('draft', 'agency')).toEqual(['edit', 'send'])
    expect(allowedProposalActions('draft', 'client')).toEqual([])
    expect(allowedProposalActions('sent', 'agency')).toEqual(['withdraw'])
    expect(allowedProposalActions('sent', 'client')).toEqual(['accept', 'decline'])
  })

  it('refuses everything once a proposal is answered, withdrawn, expired or superseded', () => {
    for (const state of ['accepted', 'declined', 'withdrawn', 'expired', 'superseded'] as const) {
      expect(allowedProposalActions(state, 'agency')).toEqual([])
      expect(allowedProposalActions(state, 'client')).toEqual([])
      for (const type of ['expire', 'supersede', 'close'] as const) {
        expect(proposalTransition(state, { type })).toBeUndefined()
      }
    }
    expect(proposalTransition('draft', { type: 'accept', by: 'client' })).toBeUndefined()
    expect(proposalTransition('draft', { type: 'expire' })).toBeUndefined()
    expect(proposalTransition('sent', { type: 'accept', by: 'agency' })).toBeUndefined()
  })
})

describe('proposal and serviceRequest machines together', () => {
  it('walks send → decline → revision → accept, the request following each step', () => {
    let world: World | undefined = { status: 'inReview', versions: ['draft'] }
    world = act(world, 0, { type: 'send', ...agency })
    expect(world).toEqual({ status: 'proposalSent', versions: ['sent'] })
    world = world && act(world, 0, { type: 'decline', ...client })
    expect(world).toEqual({ status: 'inReview', versions: ['declined'] })
    world = world && { ...world, versions: [...world.versions, 'draft'] }
    world = world && act(world, 1, { type: 'edit', ...agency })
    expect(world?.status).toBe('inReview')
    world = world && act(world, 1, { type: 'send', ...agency })
    expect(world).toEqual({ status: 'proposalSent', versions: ['declined', 'sent'] })
    world = world && act(world, 1, { type: 'accept', ...client })
    expect(world).toEqual({ status: 'inProgress', versions: ['declined', 'accepted'] })
    expect(world && requestTakesProposals(world.status)).toBe(false)
  })

  it('sends a revision over a sent version: the old one is superseded, the request stays', () => {
    let world: World | undefined = { status: 'proposalSent', versions: ['sent', 'draft'] }
    world = act(world, 1, { type: 'send', ...agency })
    expect(world).toEqual({ status: 'proposalSent', versions: ['superseded', 'sent'] })
    expect(world && act(world, 0, { type: 'accept', ...client })).toBeUndefined()
  })

  it('returns the request to "In review" when a sent proposal is withdrawn or expires', () => {
    const sent: World = { status: 'proposalSent', versions: ['sent'] }
    expect(act(sent, 0, { type: 'withdraw', ...agency })).toEqual({
      status: 'inReview',
      versions: ['withdrawn'],
    })
    expect(act(sent, 0, { type: 'expire' })).toEqual({ status: 'inReview', versions: ['expired'] })
  })

  it('lets a first proposal go out from "Received", never from a closed or running request', () => {
    expect(
      act({ status: 'received', versions: ['draft'] }, 0, { type: 'send', ...agency }),
    ).toEqual({ status: 'proposalSent', versions: ['sent'] })
    for (const status of ['inProgress', 'delivered', 'declined', 'withdrawn'] as const) {
      expect(requestTakesProposals(status)).toBe(false)
      expect(act({ status, versions: ['draft'] }, 0, { type: 'send', ...agency })).toBeUndefined()
    }
    for (const status of ['received', 'inReview', 'proposalSent'] as const) {
      expect(requestTakesProposals(status)).toBe(true)
    }
  })

  it('refuses an answer unless the request waits for one, whatever the proposal says', () => {
    for (const status of ['received', 'inReview', 'inProgress', 'delivered'] as const) {
      expect(act({ status, versions: ['sent'] }, 0, { type: 'accept', ...client })).toBeUndefined()
      expect(act({ status, versions: ['sent'] }, 0, { type: 'decline', ...client })).toBeUndefined()
    }
  })

  it('walks every reachable pair: a sent proposal exists exactly when the request is "Proposal sent"', () => {
    const events: ProposalEvent[] = [
      { type: 'send', ...agency },
      { type: 'accept', ...client },
      { type: 'decline', ...client },
      { type: 'withdraw', ...agency },
      { type: 'expire' },
    ]
    const seen = new Set<string>()
    const queue: World[] = [{ status: 'received', versions: [] }]
    while (queue.length > 0) {
      const world = queue.shift() as World
      const key = JSON.stringify(world)
      if (seen.has(key) || world.versions.length > 3) continue
      seen.add(key)
      const sentCount = world.versions.filter((state) => state === 'sent').length
      expect(sentCount).toBe(world.status === 'proposalSent' && world.versions.length > 0 ? 1 : 0)
      const hasDraft = world.versions.includes('draft')
      if (!hasDraft && requestTakesProposals(world.status)) {
        queue.push({ ...world, versions: [...world.versions, 'draft'] })
      }
      world.versions.forEach((_, index) => {
        for (const event of events) {
          const next = act(world, index, event)
          if (next) queue.push(next)
        }
      })
    }
    expect(seen.size).toBeGreaterThan(10)
  })
})
