import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ContentItem } from '../domain/api/content-endpoints'
import type { ContentData, TestimonialData } from '../domain/content/content-schemas'
import {
  type ChangeInput,
  type ContentAnswer,
  contentEditorMachine,
  type SaveInput,
} from './content-editor-machine'

const blank: TestimonialData = {
  quote: { en: '', es: '' },
  person: '',
  role: { en: '', es: '' },
  company: '',
  consentDate: '',
  caseStudyId: null,
}
const mine: TestimonialData = { ...blank, person: 'Ana Ruiz', quote: { en: 'Fast.', es: '' } }
const theirsData: TestimonialData = { ...blank, person: 'Ana R.', company: 'Tienda' }

const itemAt = (version: number, data: ContentData, state: 'draft' | 'published' = 'draft') =>
  ({
    id: '0b8f1d3e-2c4a-4e6b-8a9c-1d2e3f4a5b6c',
    kind: 'testimonials',
    state,
    version,
    data,
    createdAt: '2026-11-29T09:00:00.000Z',
    updatedAt: '2026-11-29T09:00:00.000Z',
    updatedBy: { id: 'a1', email: 'ana@example.com' },
    publishedAt: null,
  }) as ContentItem

const refusal = (status: number, body: object) => ({
  message: `Request failed with status code ${status}`,
  response: { status, data: { success: false, ...body } },
})

type Calls = {
  load?: () => Promise<ContentAnswer>
  save?: (input: SaveInput) => Promise<ContentAnswer>
  publish?: (input: ChangeInput) => Promise<ContentAnswer>
}

const editor = (id: string | undefined, calls: Calls) =>
  createActor(
    contentEditorMachine.provide({
      actors: {
        loadItem: fromPromise(() => (calls.load ?? (() => Promise.reject(new Error('no'))))()),
        saveItem: fromPromise(({ input }) =>
          (calls.save ?? (() => Promise.reject(new Error())))(input),
        ),
        publishItem: fromPromise(({ input }) =>
          (calls.publish ?? (() => Promise.reject(new Error())))(input),
        ),
      },
    }),
    { input: { kind: 'testimonials', id, blank } },
  ).start()

type Editor = ReturnType<typeof editor>
const until = (actor: Editor, state: string) =>
  new Promise<void>((resolve) => {
    const done = () => actor.getSnapshot().matches(state as never)
    if (done()) resolve()
    actor.subscribe(() => done() && resolve())
  })

describe('contentEditor', () => {
  it('a new item starts clean with the blank fields; the first save creates it', async () => {
    const saved: SaveInput[] = []
    const actor = editor(undefined, {
      save: async (input) => {
        saved.push(input)
        return { message: 'Saved.', item: itemAt(1, input.values) }
      },
    })
    expect(actor.getSnapshot().matches({ editing: 'clean' })).toBe(true)
    actor.send({ type: 'publish' })
    expect(actor.getSnapshot().matches({ editing: 'clean' })).toBe(true)
    actor.send({ type: 'change', values: mine })
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true)
    actor.send({ type: 'save' })
    await until(actor, 'saved')
    expect(saved).toEqual([{ kind: 'testimonials', item: undefined, values: mine }])
    expect(actor.getSnapshot().context.item?.version).toBe(1)
    expect(actor.getSnapshot().context.message).toBe('Saved.')
  })

  it('a stale save shows their version: take theirs, or keep mine on top of their version', async () => {
    let version = 3
    const actor = editor(itemAt(1, blank).id, {
      load: async () => ({ item: itemAt(version, version === 3 ? blank : theirsData) }),
      save: async (input) => {
        if (input.item?.version !== version)
          throw refusal(409, {
            code: 'conflict',
            message: 'Changed meanwhile.',
            currentVersion: version,
          })
        return { item: itemAt(version + 1, input.values) }
      },
    })
    await until(actor, 'editing')
    actor.send({ type: 'change', values: mine })
    version = 4 // someone else saved meanwhile
    actor.send({ type: 'save' })
    await until(actor, 'conflict')
    expect(actor.getSnapshot().context.theirs?.data).toEqual(theirsData)
    expect(actor.getSnapshot().context.values).toEqual(mine)
    actor.send({ type: 'keepMine' })
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true)
    expect(actor.getSnapshot().context.item?.version).toBe(4)
    expect(actor.getSnapshot().context.values).toEqual(mine)
    actor.send({ type: 'save' })
    await until(actor, 'saved')
    expect(actor.getSnapshot().context.item?.version).toBe(5)

    version = 6
    actor.send({ type: 'change', values: { ...mine, company: 'Other' } })
    actor.send({ type: 'save' })
    await until(actor, 'conflict')
    actor.send({ type: 'takeTheirs' })
    expect(actor.getSnapshot().matches({ editing: 'clean' })).toBe(true)
    expect(actor.getSnapshot().context.values).toEqual(theirsData)
    expect(actor.getSnapshot().context.item?.version).toBe(6)
  })

  it('refused fields are kept per field; a failed save is retried with the same values', async () => {
    let fail = true
    const actor = editor(undefined, {
      save: async (input) => {
        if (fail) throw new Error('Network Error')
        if ((input.values as TestimonialData).person === '')
          throw refusal(400, {
            code: 'invalid_fields',
            message: 'Check the fields.',
            fields: { 'data.consentDate': 'Use a real date.' },
          })
        return { item: itemAt(1, input.values) }
      },
    })
    actor.send({ type: 'change', values: { ...blank, consentDate: '2026-02-30' } })
    actor.send({ type: 'save' })
    await until(actor, 'failed')
    fail = false
    actor.send({ type: 'retry' })
    await until(actor, 'refused')
    expect(actor.getSnapshot().context.serverFieldErrors).toEqual({
      'data.consentDate': 'Use a real date.',
    })
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'change', values: mine })
    actor.send({ type: 'save' })
    await until(actor, 'saved')
    expect(actor.getSnapshot().context.serverFieldErrors).toEqual({})
  })

  it('publishing with missing texts lists them per language; only a saved draft is published', async () => {
    const actor = editor(itemAt(1, mine).id, {
      load: async () => ({ item: itemAt(2, mine) }),
      publish: async () => {
        throw refusal(400, {
          code: 'invalid_fields',
          message: 'Missing in Spanish: quote.',
          fields: { 'data.quote.es': 'Write this in Spanish.' },
        })
      },
    })
    await until(actor, 'editing')
    actor.send({ type: 'unpublish' })
    expect(actor.getSnapshot().matches({ editing: 'clean' })).toBe(true)
    actor.send({ type: 'change', values: mine })
    actor.send({ type: 'publish' })
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true)
    const fresh = editor(itemAt(1, mine).id, {
      load: async () => ({ item: itemAt(2, mine) }),
      publish: async () => {
        throw refusal(400, {
          code: 'invalid_fields',
          message: 'Missing in Spanish: quote.',
          fields: { 'data.quote.es': 'Write this in Spanish.' },
        })
      },
    })
    await until(fresh, 'editing')
    fresh.send({ type: 'publish' })
    await until(fresh, 'publishRefused')
    expect(fresh.getSnapshot().context.serverFieldErrors).toEqual({
      'data.quote.es': 'Write this in Spanish.',
    })
    expect(fresh.getSnapshot().context.message).toBe('Missing in Spanish: quote.')
  })

  it('when their version cannot be read, trying again reads it again: the save is not sent twice', async () => {
    let reads = 0
    let saves = 0
    const actor = editor(itemAt(1, blank).id, {
      load: async () => {
        reads += 1
        if (reads === 2) throw new Error('Network Error')
        return { item: itemAt(reads === 1 ? 1 : 2, reads === 1 ? blank : theirsData) }
      },
      save: async () => {
        saves += 1
        throw refusal(409, { code: 'conflict', message: 'Changed meanwhile.', currentVersion: 2 })
      },
    })
    await until(actor, 'editing')
    actor.send({ type: 'change', values: mine })
    actor.send({ type: 'save' })
    await until(actor, 'theirsFailed')
    actor.send({ type: 'retry' })
    await until(actor, 'conflict')
    expect({ reads, saves }).toEqual({ reads: 3, saves: 1 })
    expect(actor.getSnapshot().context.values).toEqual(mine)
    expect(actor.getSnapshot().context.theirs?.data).toEqual(theirsData)
  })
})
