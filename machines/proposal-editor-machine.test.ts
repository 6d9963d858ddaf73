import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { emptyDraft } from '../domain/requests/proposal-draft'
import {
  type EditorAnswer,
  type EditorProposal,
  proposalEditorMachine,
} from './proposal-editor-machine'

const item = { key: 0, description: 'Design', quantity: '1', unitPrice: '12,500.00' }
const values = { ...emptyDraft, title: 'Online shop', items: [item] }
const sent: EditorProposal = {
  id: 'p1',
  version: 1,
  state: 'sent',
  values,
}

const editor = (loaded: EditorAnswer, save: () => Promise<EditorAnswer> = async () => loaded) =>
  createActor(
    proposalEditorMachine.provide({
      actors: {
        loadProposal: fromPromise(async () => loaded),
        saveDraft: fromPromise(save),
      },
    }),
  ).start()

const until = (actor: ReturnType<typeof editor>, state: 'showing' | 'failed') =>
  new Promise<void>((resolve) => {
    const done = () => actor.getSnapshot().matches(state)
    if (done()) resolve()
    actor.subscribe(() => done() && resolve())
  })

describe('proposalEditor', () => {
  it('offers only what the proposal allows: no send or withdraw without a proposal', async () => {
    const actor = editor({ proposal: undefined, requestStatus: 'inReview' })
    await until(actor, 'showing')
    actor.send({ type: 'send' })
    actor.send({ type: 'withdraw' })
    expect(actor.getSnapshot().value).toBe('showing')
    actor.send({ type: 'edit' })
    expect(actor.getSnapshot().context.values).toEqual(emptyDraft)
  })

  it('no new version once the work has started: the accepted proposal stays as it is', async () => {
    const actor = editor({
      proposal: { ...sent, state: 'accepted' },
      requestStatus: 'inProgress',
    })
    await until(actor, 'showing')
    for (const type of ['edit', 'send', 'withdraw'] as const) actor.send({ type })
    expect(actor.getSnapshot().value).toBe('showing')
  })

  it('revising starts from the current proposal’s values; rows are added and removed, never the last', async () => {
    const actor = editor({ proposal: sent, requestStatus: 'proposalSent' })
    await until(actor, 'showing')
    actor.send({ type: 'edit' })
    expect(actor.getSnapshot().context.values).toEqual(values)
    actor.send({ type: 'removeItem', key: 0 })
    expect(actor.getSnapshot().context.values.items).toHaveLength(1)
    actor.send({ type: 'addItem' })
    actor.send({ type: 'addItem' })
    expect(actor.getSnapshot().context.values.items.map((item) => item.key)).toEqual([0, 1, 2])
    actor.send({ type: 'removeItem', key: 1 })
    expect(actor.getSnapshot().context.values.items.map((item) => item.key)).toEqual([0, 2])
  })

  it('a draft whose amounts are not pesos is refused before the call; a failed save keeps it', async () => {
    const actor = editor({ proposal: undefined, requestStatus: 'received' }, () =>
      Promise.reject(new Error('Network Error')),
    )
    await until(actor, 'showing')
    actor.send({ type: 'edit' })
    const typo = { ...values, items: [{ ...item, unitPrice: '12.500,00' }] }
    actor.send({ type: 'save', values: typo })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'save', values })
    await until(actor, 'failed')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.values).toEqual(values)
  })

  it('the plan: a first instalment is the whole total on acceptance; up to 12; the last removed leaves none', async () => {
    const actor = editor({ proposal: undefined, requestStatus: 'received' })
    await until(actor, 'showing')
    actor.send({ type: 'edit' })
    actor.send({ type: 'addInstalment' })
    expect(actor.getSnapshot().context.values.plan).toEqual({
      by: 'percent',
      instalments: [{ key: 1, share: '100', due: 'acceptance', date: '' }],
    })
    // Item rows and instalment rows share one counter: no key is used twice.
    actor.send({ type: 'addItem' })
    expect(actor.getSnapshot().context.values.items.map((row) => row.key)).toEqual([0, 2])
    for (let added = 1; added < 14; added++) actor.send({ type: 'addInstalment' })
    const plan = actor.getSnapshot().context.values.plan
    expect(plan?.instalments).toHaveLength(12)
    expect(plan?.instalments[1]).toEqual({ key: 3, share: '', due: 'delivered', date: '' })
    for (const row of plan?.instalments ?? [])
      actor.send({ type: 'removeInstalment', key: row.key })
    expect(actor.getSnapshot().context.values.plan).toBeNull()
  })
})
