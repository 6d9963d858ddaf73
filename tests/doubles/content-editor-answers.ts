import {
  type ContentItem,
  type ContentItemBody,
  type EndpointName,
  failureBody,
} from '../../domain/api/api-contract'
import type { ContentData, TestimonialData } from '../../domain/content/content-schemas'
import type {
  ContentEditorInput,
  contentEditorMachine,
} from '../../machines/content-editor-machine'
import { kindDescriptions } from '../../src/features/admin/content/content-fields'
import { testAdmin } from '../fixtures/account-user'
import type { PathEvents, PathPossible } from '../paths/path-plan'
import { accepted, type HeldRead, readAs, readRefused, refused, unreachable } from './api-answers'

/**
 * The site content's editor on its generated paths (a testimonial, the simplest kind): the item
 * the server holds when the editor opens (a draft missing its Spanish quote, or a published
 * one), what each change answers, and someone else's newer version when a change comes too late.
 */

const at = '2026-11-29T09:00:00.000Z'
export const itemId = '0b8f1d3e-2c4a-4e6b-8a9c-1d2e3f4a5b6c'
const createdId = '6c5b4a3f-2e1d-4c9a-8b6e-4a2c3e1d8f0b'

const blank = kindDescriptions.testimonials.blank as TestimonialData

/** Where the editor opens: a new testimonial, or the stored one. */
export const contentEditorInputs: readonly ContentEditorInput[] = [
  { kind: 'testimonials', id: undefined, blank },
  { kind: 'testimonials', id: itemId, blank },
]

const storedData: TestimonialData = {
  quote: { en: 'They launched our shop in six weeks.', es: '' },
  person: 'Ana Ruiz',
  role: { en: 'Founder', es: 'Fundadora' },
  company: 'Panadería Sol',
  consentDate: '2026-11-02',
  caseStudyId: null,
}

const item = (changes: Partial<ContentItem>): ContentItem => ({
  id: itemId,
  kind: 'testimonials',
  state: 'draft',
  version: 1,
  data: storedData,
  createdAt: at,
  updatedAt: at,
  updatedBy: { id: testAdmin.id, email: testAdmin.email },
  publishedAt: null,
  ...changes,
})

/** A draft whose Spanish quote is missing (publishing it is refused). */
export const storedDraft = item({})
/** The same, complete and published. */
export const storedPublished = item({
  state: 'published',
  version: 2,
  data: {
    ...storedData,
    quote: { ...storedData.quote, es: 'Lanzaron nuestra tienda en seis semanas.' },
  },
  publishedAt: at,
})

/** The name the paths type; a new item's form is typed on once more (`alsoTyped`). */
const typed = 'Ana R.'
const alsoTyped = 'Ana Ruiz López'
/** The name someone else saved meanwhile. */
const theirName = 'Ana García'

function nextName(data: ContentData, fresh: boolean): string | undefined {
  const person = (data as TestimonialData).person
  if (person !== typed) return typed
  return fresh ? alsoTyped : undefined
}

const withPerson = (data: ContentData, person: string): ContentData => ({
  ...(data as TestimonialData),
  person,
})

/** The contract's body of a change (or the read), with `message`. */
function itemBody(endpoint: EndpointName, message: string, answered: ContentItem) {
  return readAs<ContentItemBody<'testimonials'>>(endpoint, {
    success: true,
    message,
    item: answered as ContentItem<'testimonials'>,
  })
}

/** The item after a save of `values` on `from` (undefined: the new item's first save). */
export function savedItem(from: ContentItem | undefined, values: ContentData): ContentItem {
  return from === undefined
    ? item({ id: createdId, data: values })
    : { ...from, version: from.version + 1, data: values }
}
export const publishedItem = (from: ContentItem): ContentItem => ({
  ...from,
  version: from.version + 1,
  state: 'published',
  publishedAt: at,
})
export const unpublishedItem = (from: ContentItem): ContentItem => ({
  ...from,
  version: from.version + 1,
  state: 'draft',
  publishedAt: null,
})
/** Someone else's version, saved meanwhile. */
export const theirItem = (from: ContentItem | undefined): ContentItem => ({
  ...(from ?? storedDraft),
  version: (from?.version ?? 1) + 1,
  data: withPerson(from?.data ?? storedData, theirName),
  updatedBy: { id: 'someone-else', email: 'luis@puente.example' },
})

export const messages = {
  read: 'Here is the item.',
  created: 'The draft was created.',
  edited: 'The changes were saved.',
  published: 'Published: the site shows it in both languages.',
  unpublished: 'Unpublished: the site no longer shows it.',
  deleted: 'The item was deleted.',
}

export const readAnswer = (answered: ContentItem) =>
  itemBody('contentTestimonialsRead', messages.read, answered)
export const createAnswer = (answered: ContentItem) =>
  itemBody('contentTestimonialsCreate', messages.created, answered)
export const editAnswer = (answered: ContentItem) =>
  itemBody('contentTestimonialsEdit', messages.edited, answered)
export const publishAnswer = (answered: ContentItem) =>
  itemBody('contentTestimonialsPublish', messages.published, answered)
export const unpublishAnswer = (answered: ContentItem) =>
  itemBody('contentTestimonialsUnpublish', messages.unpublished, answered)
export const deleteAnswer = readAs('contentTestimonialsDelete', accepted(messages.deleted))

/** A save refused by the schema: a date that does not exist. */
export const badDate = refused(400, 'invalid_fields', 'Check the highlighted fields.', {
  'data.consentDate': 'Use a real date, written YYYY-MM-DD.',
})
/** Publishing refused: the Spanish quote is missing. */
export const missingSpanish = refused(
  400,
  'invalid_fields',
  'Publishing needs every text in both languages. Missing in Spanish: quote.',
  { 'data.quote.es': 'Write this in Spanish too.' },
)
/** A change on a version someone else replaced meanwhile. */
export function staleVersion(currentVersion: number) {
  const message = `Someone saved a newer version (${currentVersion}) meanwhile.`
  return {
    message: 'Request failed with status code 409',
    response: {
      status: 409,
      data: { ...failureBody('conflict', message), currentVersion },
    },
  }
}

/** How many changes the server made since the editor opened the item (or created it). */
function answered(current: ContentItem | undefined): number {
  if (!current) return 0
  const opened = current.id === itemId && (current.data as TestimonialData).quote.es !== '' ? 2 : 1
  return current.version - opened
}

/**
 * What the paths let the admin do: the listed payloads only, a few names typed in turn, each
 * refusal once, and nothing more after a second answer (a change made or refused) (every transition is reached
 * well before).
 */
export const contentEditorPossible: PathPossible<typeof contentEditorMachine> = (
  snapshot,
  event,
) => {
  if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
  const { context } = snapshot
  if (event.type === 'change' && !('values' in event)) return false
  if (answered(context.item) + context.refusedSubmissions > 1) return false
  // Typing on in a dirty form once, in a new item's.
  if (event.type === 'change' && snapshot.matches({ editing: 'dirty' }) && context.item)
    return false
  return snapshot.can(event as never)
}

export const contentEditorPathEvents: PathEvents<typeof contentEditorMachine> = (snapshot) => {
  const { context } = snapshot
  const { item, values } = context
  // Read again after a failed change: the item as the server holds it.
  if (snapshot.matches('loading') && item)
    return [{ type: 'xstate.done.actor.loadItem', output: { message: messages.read, item } }]
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadItem', output: { message: messages.read, item: storedDraft } },
      {
        type: 'xstate.done.actor.loadItem',
        output: { message: messages.read, item: storedPublished },
      },
      { type: 'xstate.error.actor.loadItem', error: unreachable() },
    ]
  // Each refusal and failure once, as the first answer.
  const first = answered(item) + context.refusedSubmissions === 0
  // The published item opened is only unpublished or saved: its refusals are the draft's.
  const draftFirst = first && item?.state !== 'published'
  if (snapshot.matches('readingTheirs'))
    return [
      {
        type: 'xstate.done.actor.readTheirs',
        output: { message: messages.read, item: theirItem(item) },
      },
      ...(context.message === undefined
        ? [{ type: 'xstate.error.actor.readTheirs' as const, error: unreachable() }]
        : []),
    ]
  if (snapshot.matches('saving'))
    return [
      {
        type: 'xstate.done.actor.saveItem',
        output: {
          message: item ? messages.edited : messages.created,
          item: savedItem(item, values),
        },
      },
      ...(draftFirst
        ? [
            { type: 'xstate.error.actor.saveItem' as const, error: badDate },
            ...(item
              ? [
                  {
                    type: 'xstate.error.actor.saveItem' as const,
                    error: staleVersion(item.version + 1),
                  },
                ]
              : []),
            { type: 'xstate.error.actor.saveItem' as const, error: unreachable() },
          ]
        : []),
    ]
  if (snapshot.matches('publishing') && item)
    return [
      {
        type: 'xstate.done.actor.publishItem',
        output: { message: messages.published, item: publishedItem(item) },
      },
      ...(draftFirst
        ? [
            { type: 'xstate.error.actor.publishItem' as const, error: missingSpanish },
            {
              type: 'xstate.error.actor.publishItem' as const,
              error: staleVersion(item.version + 1),
            },
            { type: 'xstate.error.actor.publishItem' as const, error: unreachable() },
          ]
        : []),
    ]
  if (snapshot.matches('unpublishing') && item)
    return [
      {
        type: 'xstate.done.actor.unpublishItem',
        output: { message: messages.unpublished, item: unpublishedItem(item) },
      },
      ...(first
        ? [
            {
              type: 'xstate.error.actor.unpublishItem' as const,
              error: staleVersion(item.version + 1),
            },
            { type: 'xstate.error.actor.unpublishItem' as const, error: unreachable() },
          ]
        : []),
    ]
  if (snapshot.matches('deleting') && item)
    return [
      { type: 'xstate.done.actor.deleteItem', output: { message: messages.deleted } },
      ...(first
        ? [
            {
              type: 'xstate.error.actor.deleteItem' as const,
              error: staleVersion(item.version + 1),
            },
            { type: 'xstate.error.actor.deleteItem' as const, error: unreachable() },
          ]
        : []),
    ]
  const next = nextName(values, item === undefined)
  return next === undefined ? [] : [{ type: 'change', values: withPerson(values, next) }]
}

/**
 * Every whole body the editor's paths answer with (checked against the server), and the
 * refusals of changes on an item the check's initial context does not hold.
 */
export const contentEditorReads: HeldRead[] = [
  readAnswer(storedDraft),
  createAnswer(savedItem(undefined, storedData)),
  editAnswer(savedItem(storedDraft, withPerson(storedData, typed))),
  publishAnswer(storedPublished),
  unpublishAnswer(unpublishedItem(storedPublished)),
  readRefused('contentTestimonialsEdit', badDate),
  readRefused('contentTestimonialsEdit', staleVersion(2)),
  readRefused('contentTestimonialsPublish', missingSpanish),
  readRefused('contentTestimonialsPublish', staleVersion(2)),
  readRefused('contentTestimonialsUnpublish', staleVersion(3)),
  deleteAnswer,
  readRefused('contentTestimonialsDelete', staleVersion(2)),
]

/** The testimonial the check against the server saves (the stored draft's fields). */
export const contentSituationData = storedData
