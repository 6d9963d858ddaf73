import type {
  ContentItem,
  ContentItemBody,
  ContentRevision,
  ContentRevisionsBody,
} from '../../domain/api/api-contract'
import type { TestimonialData } from '../../domain/content/content-schemas'
import type {
  ContentRevisionsInput,
  contentRevisionsMachine,
} from '../../machines/content-revisions-machine'
import { testAdmin } from '../fixtures/account-user'
import type { PathEvents, PathPossible } from '../paths/path-plan'
import { type HeldRead, readAs, readRefused, unreachable } from './api-answers'
import { itemId, staleVersion, storedPublished } from './content-editor-answers'

/**
 * A testimonial's revision history on its generated paths: three revisions (created, published,
 * then someone else renamed the person), one of them restored, and what each answer may be:
 * the restore done, refused because someone changed the item meanwhile (409), or failed.
 */

const at = (minute: number) => `2026-11-29T09:0${minute}:00.000Z`
const me = { id: testAdmin.id, email: testAdmin.email }
const someone = { id: 'someone-else', email: 'luis@puente.example' }
const revisionId = (number: number) =>
  `7a1b2c3d-4e5f-4a6b-8c7d-0000000000${String(number).padStart(2, '0')}`

const created = storedPublished.data as TestimonialData
const renamed: TestimonialData = { ...created, person: 'Ana García' }

function revision(
  number: number,
  changes: Partial<ContentRevision<'testimonials'>>,
): ContentRevision<'testimonials'> {
  return {
    id: revisionId(number),
    number,
    action: 'edit',
    state: 'published',
    data: created,
    author: me,
    createdAt: at(number),
    restoredFrom: null,
    ...changes,
  }
}

/** Newest first, as the server lists them. */
export const threeRevisions: readonly ContentRevision<'testimonials'>[] = [
  revision(3, { data: renamed, author: someone }),
  revision(2, { action: 'publish' }),
  revision(1, { action: 'create', state: 'draft' }),
]

/** After revision 1 was restored: a fourth, its fields revision 1's. */
export const afterRestore: readonly ContentRevision<'testimonials'>[] = [
  revision(4, { action: 'restore', restoredFrom: 1 }),
  ...threeRevisions,
]

/** After someone else's save meanwhile (the restore came too late). */
export const afterTheirSave: readonly ContentRevision<'testimonials'>[] = [
  revision(4, { data: { ...renamed, company: 'Sol y Pan' }, author: someone }),
  ...threeRevisions,
]

export const restoredItem: ContentItem = {
  ...storedPublished,
  version: 4,
  data: created,
  updatedAt: at(4),
}

export const revisionsInput: ContentRevisionsInput = { kind: 'testimonials', id: itemId }

export const revisionsMessages = { restored: 'Version 1 was restored as version 4.' }

export const revisionsAnswer = (revisions: readonly ContentRevision<'testimonials'>[]) =>
  readAs<ContentRevisionsBody<'testimonials'>>('contentTestimonialsRevisions', {
    success: true,
    revisions,
  })
export const restoreAnswer = (item: ContentItem) =>
  readAs<ContentItemBody<'testimonials'>>('contentTestimonialsRestore', {
    success: true,
    message: revisionsMessages.restored,
    item: item as ContentItem<'testimonials'>,
  })

/** The revisions the list shows once a restore's answer came (done, or a conflict). */
const refreshed = (conflict: boolean) => (conflict ? afterTheirSave : afterRestore)

/**
 * What the paths let the admin do: choose version 1 as the older side, compare, restore version
 * 1, read the list again; a restore fails only on the first list.
 */
export const contentRevisionsPossible: PathPossible<typeof contentRevisionsMachine> = (
  snapshot,
  event,
) => {
  if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
  if (event.type === 'choose' && !('side' in event)) return false
  if (event.type === 'restore' && !('number' in event)) return false
  // The comparisons are counted (focus moves to each): two in a row at most, or the plan grows
  // with every one.
  if (event.type === 'compare' && snapshot.context.comparisons > 1) return false
  return snapshot.can(event as never)
}

export const contentRevisionsPathEvents: PathEvents<typeof contentRevisionsMachine> = (
  snapshot,
) => {
  const { context } = snapshot
  const { revisions } = context
  const changed = revisions.length > 3
  // Read again by hand: the list as it is.
  if (snapshot.matches('loading') && revisions.length > 0)
    return [{ type: 'xstate.done.actor.loadRevisions', output: { revisions } }]
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadRevisions', output: { revisions: threeRevisions } },
      ...(changed
        ? []
        : [{ type: 'xstate.error.actor.loadRevisions' as const, error: unreachable() }]),
    ]
  if (snapshot.matches('refreshing') || snapshot.matches('refreshingAfterConflict')) {
    const conflict = snapshot.matches('refreshingAfterConflict')
    return [
      { type: 'xstate.done.actor.loadRevisions', output: { revisions: refreshed(conflict) } },
      { type: 'xstate.error.actor.loadRevisions', error: unreachable() },
    ]
  }
  if (snapshot.matches('restoring'))
    return [
      {
        type: 'xstate.done.actor.restoreRevision',
        output: { message: revisionsMessages.restored, item: restoredItem },
      },
      ...(changed
        ? []
        : [
            { type: 'xstate.error.actor.restoreRevision' as const, error: staleVersion(4) },
            { type: 'xstate.error.actor.restoreRevision' as const, error: unreachable() },
          ]),
    ]
  if (snapshot.matches('loadFailed')) return []
  return [
    ...(context.from === 1 ? [] : [{ type: 'choose' as const, side: 'from' as const, number: 1 }]),
    { type: 'restore' as const, number: 1 },
  ]
}

/** Every body the history's paths answer with, for the check against the server. */
export const contentRevisionsReads: HeldRead[] = [
  revisionsAnswer(threeRevisions),
  restoreAnswer(restoredItem),
  readRefused('contentTestimonialsRestore', staleVersion(4)),
]
