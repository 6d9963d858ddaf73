import { assign, setup } from 'xstate'
import { type FieldErrors, failureAnswer } from '../domain/api/api-contract'
import type { ContentItem } from '../domain/api/content-endpoints'
import type { ContentKind } from '../domain/content/content-kinds'
import type { ContentData } from '../domain/content/content-schemas'
import {
  type FieldsFlowContext,
  failureOf,
  fieldsFlowActions,
  formFlowGuards,
  freshFieldsFlow,
  onFailure,
  retryTo,
  showAnswerText,
  showServerText,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * One item of the site's content in the admin's editor ("Site content"):
 *
 *   loading → editing.clean | loadFailed (→ retry)   (a new item starts in editing.clean)
 *   editing.clean → (change) editing.dirty → (save) saving
 *   saving → saved | refused (the server's field errors) | readingTheirs (409: someone saved
 *     first) | failed (→ retry saving, the values kept)
 *   readingTheirs → conflict | theirsFailed (their version could not be read: → retry)
 *   conflict: the other's version shown; (takeTheirs) editing.clean with their
 *     fields, or (keepMine) editing.dirty, my fields on top of their version (the next save
 *     overwrites theirs knowingly)
 *   saved, published, unpublished, editing.clean → (publish) publishing | (unpublish)
 *     unpublishing, on the version the admin sees, never with unsaved changes
 *   publishing → published | publishRefused (the texts missing, per language) | readingTheirs
 *     | actionFailed
 *   unpublishing → unpublished | readingTheirs | actionFailed
 *   actionFailed → (retry) loading: the item is read again (nothing unsaved is lost: a publish
 *     or unpublish starts from a saved form)
 *   saved, published, unpublished, editing.clean (a stored item) → (delete) confirmingDelete →
 *     (cancelDelete) editing.clean | (confirmDelete) deleting → deleted (the end) |
 *     readingTheirs (409: someone changed it meanwhile; their version is shown before anything
 *     is deleted) | actionFailed
 *
 * The values are the item's whole fields as the form holds them (the server checks them with
 * the kind's schema, `domain/content/content-schemas.ts`). No I/O here: the page provides the
 * calls with `.provide({ actors })`.
 */

export type ContentEditorInput = {
  readonly kind: ContentKind
  /** The item edited; undefined for a new one (the first save creates it). */
  readonly id: string | undefined
  /** A new item's fields, empty (the kind's field description gives them). */
  readonly blank: ContentData
}

export type ContentEditorContext = FieldsFlowContext & {
  readonly kind: ContentKind
  readonly id: string | undefined
  /** The item as the server last answered it (undefined until a new one is saved). */
  readonly item: ContentItem | undefined
  /** What the form holds. */
  readonly values: ContentData
  /** In `conflict`: the version someone else saved. */
  readonly theirs: ContentItem | undefined
}

export type ContentEditorEvent =
  | { readonly type: 'change'; readonly values: ContentData }
  | { readonly type: 'save' }
  | { readonly type: 'publish' }
  | { readonly type: 'unpublish' }
  | { readonly type: 'retry' }
  | { readonly type: 'takeTheirs' }
  | { readonly type: 'keepMine' }
  | { readonly type: 'delete' }
  | { readonly type: 'cancelDelete' }
  | { readonly type: 'confirmDelete' }

/** A call's answer: the item as the server now holds it, and its text. */
export type ContentAnswer = { readonly message?: string; readonly item: ContentItem }

export type LoadInput = { readonly kind: ContentKind; readonly id: string }
export type SaveInput = {
  readonly kind: ContentKind
  /** Undefined: create the item. */
  readonly item: ContentItem | undefined
  readonly values: ContentData
}
export type ChangeInput = { readonly kind: ContentKind; readonly item: ContentItem }
/** A deletion's answer: its text. */
export type DeleteAnswer = { readonly message?: string }

type ErrorArgs = { readonly event: { readonly error: unknown } }
type AnswerArgs = { readonly event: { readonly output: ContentAnswer } }

const keepAnswer = {
  type: 'keepItem',
  params: ({ event }: AnswerArgs) => ({ item: event.output.item }),
} as const

/** 409: someone saved a newer version first. */
const onConflict = {
  guard: { type: 'conflict', params: failureOf },
  target: 'readingTheirs',
} as const

/**
 * The server refused fields (a save's rule, or a publish's missing texts): `target`, each
 * field's message kept, the refusal counted (the view moves focus to its summary).
 */
function refusedTo<const Target extends string>(target: Target) {
  return {
    guard: { type: 'fieldsRefused', params: failureOf },
    target,
    actions: [
      {
        type: 'keepRefusedFields',
        params: ({ event }: ErrorArgs) => ({ fields: failureAnswer(event.error)?.fields }),
      },
      'countRefusal',
      showServerText,
    ],
  } as const
}

/** What a saved item offers (an unchanged form, and after each change). */
const onChange = {
  change: { target: '#contentEditor.editing.dirty', actions: ['keepValues', 'forgetMessage'] },
} as const
const onPublish = {
  publish: { guard: 'mayPublish', target: '#contentEditor.publishing', actions: 'forgetMessage' },
} as const
const onUnpublish = {
  unpublish: {
    guard: 'mayUnpublish',
    target: '#contentEditor.unpublishing',
    actions: 'forgetMessage',
  },
} as const
/** A stored item, unchanged in the form, may be deleted (after a confirmation). */
const onDelete = {
  delete: {
    guard: 'isStored',
    target: '#contentEditor.confirmingDelete',
    actions: 'forgetMessage',
  },
} as const
const onSavedItem = { ...onChange, ...onPublish, ...onUnpublish, ...onDelete } as const

/** A publish or unpublish on the version the admin sees. */
function changeOfState<const Actor extends 'publishItem' | 'unpublishItem'>(
  actor: Actor,
  done: 'published' | 'unpublished',
  ...refusals: readonly ReturnType<typeof refusedTo>[]
) {
  return {
    invoke: {
      id: actor,
      src: actor,
      input: ({ context }: { readonly context: ContentEditorContext }) => ({
        kind: context.kind,
        item: context.item as ContentItem,
      }),
      onDone: { target: done, actions: [keepAnswer, showAnswerText] },
      onError: [onConflict, ...refusals, onFailure('actionFailed')],
    },
  } as const
}

export const contentEditorMachine = setup({
  types: {
    input: {} as ContentEditorInput,
    context: {} as ContentEditorContext,
    events: {} as ContentEditorEvent,
  },
  actors: {
    loadItem: injectedCall<ContentAnswer, LoadInput>('loadItem'),
    saveItem: injectedCall<ContentAnswer, SaveInput>('saveItem'),
    publishItem: injectedCall<ContentAnswer, ChangeInput>('publishItem'),
    unpublishItem: injectedCall<ContentAnswer, ChangeInput>('unpublishItem'),
    deleteItem: injectedCall<DeleteAnswer, ChangeInput>('deleteItem'),
  },
  actions: {
    ...fieldsFlowActions<ContentEditorContext, ContentEditorEvent>(),
    keepItem: assign((_, { item }: { readonly item: ContentItem }) => ({
      item,
      id: item.id,
      values: item.data,
      serverFieldErrors: {},
    })),
    keepValues: assign(({ context, event }) => ({
      values: event.type === 'change' ? event.values : context.values,
    })),
    keepTheirs: assign((_, { item }: { readonly item: ContentItem }) => ({ theirs: item })),
    takeTheirs: assign(({ context }) => ({
      item: context.theirs,
      values: context.theirs?.data ?? context.values,
      theirs: undefined,
      serverFieldErrors: {},
      message: undefined,
    })),
    // My fields stay; the version they are saved on is theirs now.
    keepMine: assign(({ context }) => ({
      item: context.theirs,
      theirs: undefined,
      message: undefined,
    })),
    keepRefusedFields: assign((_, { fields }: { readonly fields: FieldErrors | undefined }) => ({
      serverFieldErrors: fields ?? {},
    })),
  },
  guards: {
    fieldsRefused: formFlowGuards.fieldsRefused,
    conflict: (_, { error }: { readonly error: unknown }) =>
      failureAnswer(error)?.code === 'conflict',
    isNew: ({ context }) => context.id === undefined,
    isStored: ({ context }) => context.item !== undefined,
    mayPublish: ({ context }) => context.item?.state === 'draft',
    mayUnpublish: ({ context }) => context.item?.state === 'published',
    /** A new item may be saved before anything is typed: it becomes an empty draft. */
    maySaveUnchanged: ({ context }) => context.item === undefined,
  },
}).createMachine({
  id: 'contentEditor',
  context: ({ input }) => ({
    ...freshFieldsFlow,
    kind: input.kind,
    id: input.id,
    item: undefined,
    values: input.blank,
    theirs: undefined,
  }),
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadItem',
        src: 'loadItem',
        input: ({ context }) => ({ kind: context.kind, id: context.id ?? '' }),
        onDone: { target: 'editing', actions: keepAnswer },
        onError: onFailure('loadFailed'),
      },
    },
    loadFailed: { on: retryTo('loading') },
    editing: {
      initial: 'clean',
      states: {
        clean: {
          on: {
            ...onSavedItem,
            save: { guard: 'maySaveUnchanged', target: '#contentEditor.saving' },
          },
        },
        dirty: {
          on: {
            change: { actions: 'keepValues' },
            save: { target: '#contentEditor.saving', actions: 'forgetMessage' },
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({
          kind: context.kind,
          item: context.item,
          values: context.values,
        }),
        onDone: { target: 'saved', actions: [keepAnswer, showAnswerText] },
        onError: [refusedTo('refused'), onConflict, onFailure('failed')],
      },
    },
    saved: { on: onSavedItem },
    refused: {
      on: {
        change: { target: 'editing.dirty', actions: 'keepValues' },
        save: { target: 'saving', actions: 'forgetMessage' },
      },
    },
    failed: { on: retryTo('saving') },
    readingTheirs: {
      invoke: {
        id: 'readTheirs',
        src: 'loadItem',
        input: ({ context }) => ({ kind: context.kind, id: context.id ?? '' }),
        onDone: {
          target: 'conflict',
          actions: {
            type: 'keepTheirs',
            params: ({ event }) => ({ item: event.output.item }),
          },
        },
        onError: onFailure('theirsFailed'),
      },
    },
    // Their version could not be read: read it again (my fields are kept meanwhile).
    theirsFailed: { on: retryTo('readingTheirs') },
    conflict: {
      on: {
        takeTheirs: { target: 'editing.clean', actions: 'takeTheirs' },
        keepMine: { target: 'editing.dirty', actions: 'keepMine' },
      },
    },
    publishing: changeOfState('publishItem', 'published', refusedTo('publishRefused')),
    // Published, it may only go back to a draft; unpublished, only forward.
    published: { on: { ...onChange, ...onUnpublish, ...onDelete } },
    publishRefused: {
      on: {
        change: { target: 'editing.dirty', actions: ['keepValues', 'forgetMessage'] },
      },
    },
    unpublishing: changeOfState('unpublishItem', 'unpublished'),
    unpublished: { on: { ...onChange, ...onPublish, ...onDelete } },
    confirmingDelete: {
      on: {
        cancelDelete: 'editing.clean',
        confirmDelete: 'deleting',
      },
    },
    deleting: {
      invoke: {
        id: 'deleteItem',
        src: 'deleteItem',
        input: ({ context }) => ({ kind: context.kind, item: context.item as ContentItem }),
        onDone: { target: 'deleted', actions: showAnswerText },
        onError: [onConflict, onFailure('actionFailed')],
      },
    },
    deleted: { type: 'final' },
    // A change that failed (or their version could not be read): read the item again.
    actionFailed: { on: { retry: { target: 'loading', actions: 'forgetMessage' } } },
  },
})
