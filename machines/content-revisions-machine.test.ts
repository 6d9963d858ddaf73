import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ContentItem, ContentRevision } from '../domain/api/content-endpoints'
import {
  contentRevisionsMachine,
  type RestoreInput,
  type RevisionsAnswer,
} from './content-revisions-machine'

const revision = (number: number, person: string): ContentRevision =>
  ({
    id: `rev-${number}`,
    number,
    action: number === 1 ? 'create' : 'edit',
    state: 'draft',
    data: { person },
    author: null,
    createdAt: '2026-11-29T09:00:00.000Z',
    restoredFrom: null,
  }) as unknown as ContentRevision
const three = [revision(3, 'C'), revision(2, 'B'), revision(1, 'A')]
const four = [revision(4, 'D'), ...three]

const conflict = {
  message: 'Request failed with status code 409',
  response: { status: 409, data: { success: false, code: 'conflict', message: 'Newer: 4.' } },
}

function history(lists: RevisionsAnswer[], restore: (input: RestoreInput) => Promise<unknown>) {
  const restores: RestoreInput[] = []
  const actor = createActor(
    contentRevisionsMachine.provide({
      actors: {
        loadRevisions: fromPromise(async () => lists.shift() ?? { revisions: [] }),
        restoreRevision: fromPromise(async ({ input }) => {
          restores.push(input)
          return (await restore(input)) as { item: ContentItem }
        }),
      },
    }),
    { input: { kind: 'testimonials', id: 'item-1' } },
  )
  actor.start()
  return { actor, restores }
}

describe('contentRevisions machine', () => {
  it('compares the newest two first; another choice and compare', async () => {
    const { actor } = history([{ revisions: three }], () => Promise.reject(new Error()))
    await waitFor(actor, (state) => state.matches('browsing'))
    expect(actor.getSnapshot().context).toMatchObject({ from: 2, to: 3 })
    actor.send({ type: 'choose', side: 'from', number: 1 })
    actor.send({ type: 'compare' })
    expect(actor.getSnapshot().value).toBe('comparing')
    expect(actor.getSnapshot().context).toMatchObject({ from: 1, to: 3 })
    // The same version on both sides compares nothing.
    actor.send({ type: 'choose', side: 'to', number: 1 })
    actor.send({ type: 'compare' })
    expect(actor.getSnapshot().value).toBe('browsing')
  })

  it('restores on the version the list shows as current, then reads the list again', async () => {
    const restored = { message: 'Restored.', item: { version: 4 } }
    const { actor, restores } = history(
      [{ revisions: three }, { revisions: four }],
      async () => restored,
    )
    await waitFor(actor, (state) => state.matches('browsing'))
    // The current version is not restored (nothing would change).
    actor.send({ type: 'restore', number: 3 })
    expect(actor.getSnapshot().value).toBe('browsing')
    actor.send({ type: 'restore', number: 1 })
    await waitFor(actor, (state) => state.matches('restored'))
    expect(restores).toEqual([
      { kind: 'testimonials', id: 'item-1', revisionId: 'rev-1', version: 3 },
    ])
    expect(actor.getSnapshot().context.revisions).toEqual(four)
    expect(actor.getSnapshot().context.message).toBe('Restored.')
  })

  it('a restore someone else’s save made stale reads the list again and restores nothing', async () => {
    const { actor, restores } = history([{ revisions: three }, { revisions: four }], async () =>
      Promise.reject(conflict),
    )
    await waitFor(actor, (state) => state.matches('browsing'))
    actor.send({ type: 'restore', number: 1 })
    await waitFor(actor, (state) => state.matches('conflict'))
    expect(restores).toHaveLength(1)
    expect(actor.getSnapshot().context.revisions).toEqual(four)
    // Restoring again names the version the list now shows.
    actor.send({ type: 'restore', number: 1 })
    await waitFor(actor, (state) => state.matches('conflict') && restores.length === 2)
    expect(restores[1]?.version).toBe(4)
  })
})
