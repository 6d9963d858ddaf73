import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, assign, createActor, fromPromise, setup } from 'xstate'
import { type Mutant, machineMutants } from '../paths/machine-mutants'

// A machine with one site of each kind: guarded alternatives, an entry action, an invoke's
// onDone/onError, an `after` and an `always`.
const noted: string[] = []
const draftMachine = setup({
  types: {
    context: {} as { readonly saved: number; readonly text: string },
    events: {} as { type: 'edit'; text: string } | { type: 'save' } | { type: 'discard' },
  },
  guards: { hasText: ({ context }) => context.text !== '' },
  actions: { note: (_, label: string) => noted.push(label) },
  actors: { store: fromPromise(async () => 'stored') },
}).createMachine({
  id: 'draft',
  context: { saved: 0, text: '' },
  initial: 'editing',
  states: {
    editing: {
      entry: { type: 'note', params: 'editing' },
      on: {
        edit: { actions: assign({ text: ({ event }) => event.text }) },
        save: [{ guard: 'hasText', target: 'saving' }, { target: 'empty' }],
        discard: 'empty',
      },
    },
    empty: { always: { target: 'editing', actions: assign({ text: '' }) } },
    saving: {
      invoke: {
        src: 'store',
        onDone: { target: 'saved', actions: assign({ saved: ({ context }) => context.saved + 1 }) },
        onError: 'editing',
      },
    },
    saved: { after: { 1000: 'editing' } },
  },
})

const byId = (id: string): Mutant => {
  const mutant = machineMutants(draftMachine).find((m) => m.id === id)
  if (!mutant) throw new Error(`no mutant ${id}`)
  return mutant
}

/** The state and context after `events`, from the start (no timers, no invoked actors run). */
function runTo(machine: AnyStateMachine, ...events: { type: string; text?: string }[]) {
  const actor = createActor(machine).start()
  for (const event of events) actor.send(event)
  const { value, context } = actor.getSnapshot()
  actor.stop()
  return { value, context }
}

describe('machineMutants', () => {
  it('makes one mutant per site and operator, with stable ids in the machine’s order', () => {
    expect(machineMutants(draftMachine).map((mutant) => mutant.id)).toEqual([
      'draft:drop:editing.edit#0',
      'draft:retarget:editing.edit#0',
      'draft:skip:editing.edit#0/actions#0',
      'draft:drop:editing.save#0',
      'draft:retarget:editing.save#0',
      'draft:invert:editing.save#0',
      'draft:drop:editing.save#1',
      'draft:retarget:editing.save#1',
      'draft:drop:editing.discard#0',
      'draft:retarget:editing.discard#0',
      'draft:skip:editing.entry#0',
      'draft:drop:empty.always#0',
      'draft:retarget:empty.always#0',
      'draft:skip:empty.always#0/actions#0',
      'draft:drop:saving.xstate.done.actor.0.draft.saving#0',
      'draft:retarget:saving.xstate.done.actor.0.draft.saving#0',
      'draft:skip:saving.xstate.done.actor.0.draft.saving#0/actions#0',
      'draft:drop:saving.xstate.error.actor.0.draft.saving#0',
      'draft:retarget:saving.xstate.error.actor.0.draft.saving#0',
      'draft:drop:saved.xstate.after.1000.draft.saved#0',
      'draft:retarget:saved.xstate.after.1000.draft.saved#0',
    ])
    // The same machine, asked again: the same ids.
    expect(machineMutants(draftMachine).map((m) => m.id)).toEqual(
      machineMutants(draftMachine).map((m) => m.id),
    )
    expect(machineMutants(draftMachine, 'drafts')[0]?.id).toBe('drafts:drop:editing.edit#0')
  })

  it('names each site’s transition key as the path tests count edges', () => {
    expect(byId('draft:invert:editing.save#0').transitionKey).toBe('draft.editing|save|0')
    expect(byId('draft:drop:empty.always#0').transitionKey).toBe('draft.empty||0')
    expect(byId('draft:skip:editing.entry#0').transitionKey).toBeUndefined()
    expect(byId('draft:retarget:editing.save#0').description).toBe(
      'editing --save [hasText]--> saving goes to saved instead',
    )
  })

  it('drop: the transition is gone (the event is ignored, the next alternative answers)', () => {
    expect(runTo(draftMachine, { type: 'edit', text: 'a' }).context.text).toBe('a')
    expect(
      runTo(byId('draft:drop:editing.edit#0').apply(draftMachine), { type: 'edit', text: 'a' })
        .context.text,
    ).toBe('')
    const dropped = byId('draft:drop:editing.save#0').apply(draftMachine)
    // With text, save now takes the unguarded alternative (empty → editing, text cleared).
    expect(runTo(dropped, { type: 'edit', text: 'a' }, { type: 'save' })).toEqual({
      value: 'editing',
      context: { saved: 0, text: '' },
    })
    const noEmpty = byId('draft:drop:empty.always#0').apply(draftMachine)
    expect(runTo(noEmpty, { type: 'discard' }).value).toBe('empty')
  })

  it('retarget: the transition goes to the next sibling of its target', () => {
    const retargeted = byId('draft:retarget:editing.discard#0').apply(draftMachine)
    expect(runTo(draftMachine, { type: 'discard' }).value).toBe('editing')
    expect(runTo(retargeted, { type: 'discard' }).value).toBe('saving')
    // A targetless one (edit stays in editing) goes to its source's next sibling.
    const moved = byId('draft:retarget:editing.edit#0').apply(draftMachine)
    expect(runTo(moved, { type: 'edit', text: 'a' }).value).toBe('editing') // via empty's always
    expect(runTo(moved, { type: 'edit', text: 'a' }).context.text).toBe('')
  })

  it('a mutant that loops on eventless transitions fails instead of hanging the thread', () => {
    // empty's always goes to editing; retargeted to editing's next sibling, empty itself.
    const looping = byId('draft:retarget:empty.always#0')
    expect(looping.description).toBe('empty --always--> editing goes to empty instead')
    const actor = createActor(looping.apply(draftMachine))
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    actor.send({ type: 'discard' })
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(errors[0])).toMatch(/loops on eventless transitions/)
  })

  it('invert: the guard says the opposite', () => {
    const inverted = byId('draft:invert:editing.save#0').apply(draftMachine)
    expect(runTo(draftMachine, { type: 'save' }).value).toBe('editing') // empty → editing
    expect(runTo(inverted, { type: 'save' }).value).toBe('saving')
    expect(runTo(inverted, { type: 'edit', text: 'a' }, { type: 'save' }).value).toBe('editing')
  })

  it('skip: one action is left out, of a transition or of an entry', () => {
    const skipped = byId('draft:skip:editing.edit#0/actions#0').apply(draftMachine)
    expect(runTo(skipped, { type: 'edit', text: 'a' })).toEqual({
      value: 'editing',
      context: { saved: 0, text: '' },
    })
    noted.length = 0
    runTo(draftMachine)
    expect(noted).toEqual(['editing'])
    noted.length = 0
    runTo(byId('draft:skip:editing.entry#0').apply(draftMachine))
    expect(noted).toEqual([])
  })

  it('keeps the implementations of the machine it is given, and leaves the real one alone', () => {
    const calls: string[] = []
    const provided = draftMachine.provide({ actions: { note: () => calls.push('provided') } })
    const mutant = byId('draft:retarget:editing.discard#0')
    runTo(mutant.apply(provided))
    expect(calls).toEqual(['provided'])
    expect(runTo(draftMachine, { type: 'discard' }).value).toBe('editing')
    // One changed config per real config: a component that calls .provide() at every render
    // gets machines with the same config, so @xstate/react keeps its actor.
    expect(mutant.apply(provided).config).toBe(mutant.apply(draftMachine.provide({})).config)
    expect(mutant.apply(provided).config).not.toBe(draftMachine.config)
  })
})
