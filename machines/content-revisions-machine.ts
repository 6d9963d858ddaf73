import { assign, setup } from 'xstate'
import { failureAnswer } from '../domain/api/api-contract'
import type { ContentItem, ContentRevision } from '../domain/api/content-endpoints'
import type { ContentKind } from '../domain/content/content-kinds'
import {
  failureOf,
  messageActions,
  onFailure,
  retryTo,
  showAnswerText,
  showServerText,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * One item's revision history in the admin's editor ("Site content"):
 *
 *   loading → browsing | loadFailed (→ retry)
 *   browsing: (choose) the two revisions compared, (compare) comparing: their difference,
 *     field by field; (restore) restoring a revision; (reload) the list read again
 *   restoring → refreshing → restored (the revision's fields are the item's again, as a new
 *     revision, and the list shows it) | refreshingAfterConflict → conflict (409: someone
 *     changed the item meanwhile; the list is read again, so the admin sees their change and may
 *     restore again knowingly) | restoreFailed (the server's reason; nothing changed)
 *   restored, conflict, restoreFailed, comparing: as browsing
 *
 * A restore names the item's version the admin saw: the newest revision listed (every change
 * writes one, numbered as the version it made). No I/O here: the page provides the calls with
 * `.provide({ actors })`; the difference itself is `domain/content/content-diff.ts`.
 */

export type ContentRevisionsInput = { readonly kind: ContentKind; readonly id: string }

export type ContentRevisionsContext = {
  readonly kind: ContentKind
  readonly id: string
  /** Newest first, as the server lists them. */
  readonly revisions: readonly ContentRevision[]
  /** The two revisions compared, by number (from the older side to the newer, as chosen). */
  readonly from: number | undefined
  readonly to: number | undefined
  /** The revision being (or last) restored, by number. */
  readonly restoring: number | undefined
  /** Comparisons asked for: the view moves focus to each difference, even the same again. */
  readonly comparisons: number
  /** The item a restore made. */
  readonly restored: ContentItem | undefined
  readonly message: string | undefined
}

export type ContentRevisionsEvent =
  | { readonly type: 'choose'; readonly side: 'from' | 'to'; readonly number: number }
  | { readonly type: 'compare' }
  | { readonly type: 'restore'; readonly number: number }
  | { readonly type: 'reload' }
  | { readonly type: 'retry' }

export type RevisionsAnswer = { readonly revisions: readonly ContentRevision[] }
export type RevisionsInput = { readonly kind: ContentKind; readonly id: string }
export type RestoreInput = {
  readonly kind: ContentKind
  readonly id: string
  readonly revisionId: string
  /** The item's version the admin saw (the newest revision listed). */
  readonly version: number
}
export type RestoreAnswer = { readonly message?: string; readonly item: ContentItem }

type RevisionsArgs = { readonly event: { readonly output: RevisionsAnswer } }

const keepRevisions = {
  type: 'keepRevisions',
  params: ({ event }: RevisionsArgs) => ({ revisions: event.output.revisions }),
} as const

const newest = (context: ContentRevisionsContext) => context.revisions[0]?.number ?? 0

/** What the list offers wherever it is shown. */
const browse = {
  choose: { target: '#contentRevisions.browsing', actions: ['choose', 'forgetMessage'] },
  compare: {
    guard: 'twoChosen',
    target: '#contentRevisions.comparing',
    actions: ['countComparison', 'forgetMessage'],
  },
  restore: {
    guard: 'mayRestore',
    target: '#contentRevisions.restoring',
    actions: ['keepRestoring', 'forgetMessage'],
  },
  reload: { target: '#contentRevisions.loading', actions: 'forgetMessage' },
} as const

/** The list read again after a restore's answer; `then` once it is. */
function refreshing<const Then extends string>(then: Then) {
  return {
    invoke: {
      id: 'loadRevisions',
      src: 'loadRevisions',
      input: ({ context }: { readonly context: ContentRevisionsContext }) => ({
        kind: context.kind,
        id: context.id,
      }),
      onDone: { target: then, actions: keepRevisions },
      onError: onFailure('loadFailed'),
    },
  } as const
}

export const contentRevisionsMachine = setup({
  types: {
    input: {} as ContentRevisionsInput,
    context: {} as ContentRevisionsContext,
    events: {} as ContentRevisionsEvent,
  },
  actors: {
    loadRevisions: injectedCall<RevisionsAnswer, RevisionsInput>('loadRevisions'),
    restoreRevision: injectedCall<RestoreAnswer, RestoreInput>('restoreRevision'),
  },
  actions: {
    ...messageActions<ContentRevisionsContext, ContentRevisionsEvent>(),
    // The newest two compared at first (the last change).
    keepRevisions: assign(
      (_, { revisions }: { readonly revisions: readonly ContentRevision[] }) => ({
        revisions,
        to: revisions[0]?.number,
        from: revisions[1]?.number,
      }),
    ),
    choose: assign(({ context, event }) =>
      event.type === 'choose' ? { [event.side]: event.number } : context,
    ),
    countComparison: assign(({ context }) => ({ comparisons: context.comparisons + 1 })),
    keepRestoring: assign(({ context, event }) => ({
      restoring: event.type === 'restore' ? event.number : context.restoring,
    })),
    keepRestored: assign((_, { item }: { readonly item: ContentItem }) => ({ restored: item })),
  },
  guards: {
    twoChosen: ({ context }) =>
      context.from !== undefined && context.to !== undefined && context.from !== context.to,
    /** Any revision but the item as it is now (restoring that would change nothing). */
    mayRestore: ({ context, event }) =>
      event.type === 'restore' &&
      event.number !== newest(context) &&
      context.revisions.some((revision) => revision.number === event.number),
    conflict: (_, { error }: { readonly error: unknown }) =>
      failureAnswer(error)?.code === 'conflict',
  },
}).createMachine({
  id: 'contentRevisions',
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    revisions: [],
    from: undefined,
    to: undefined,
    restoring: undefined,
    comparisons: 0,
    restored: undefined,
    message: undefined,
  }),
  initial: 'loading',
  states: {
    loading: refreshing('browsing'),
    loadFailed: { on: retryTo('loading') },
    browsing: { on: browse },
    comparing: { on: browse },
    restoring: {
      invoke: {
        id: 'restoreRevision',
        src: 'restoreRevision',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.id,
          revisionId:
            context.revisions.find((revision) => revision.number === context.restoring)?.id ?? '',
          version: newest(context),
        }),
        onDone: {
          target: 'refreshing',
          actions: [
            { type: 'keepRestored', params: ({ event }) => ({ item: event.output.item }) },
            showAnswerText,
          ],
        },
        onError: [
          {
            guard: { type: 'conflict', params: failureOf },
            target: 'refreshingAfterConflict',
            actions: showServerText,
          },
          onFailure('restoreFailed'),
        ],
      },
    },
    refreshing: refreshing('restored'),
    refreshingAfterConflict: refreshing('conflict'),
    restored: { on: browse },
    conflict: { on: browse },
    restoreFailed: { on: browse },
  },
})
