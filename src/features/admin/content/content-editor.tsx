import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { ContentItem } from '../../../../domain/api/api-contract'
import type { ContentKind } from '../../../../domain/content/content-kinds'
import { contentEditorMachine } from '../../../../machines/content-editor-machine'
import { momentStyle } from '../../../ui/date-styles'
import { useFocusOnView } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { ModalDialog } from '../../../ui/modal-dialog'
import { useSecondFactorFirst } from '../use-second-factor-first'
import { contentEffects } from './api/content-effects'
import {
  type ContentField,
  controlsOf,
  kindDescriptions,
  refusedFields,
  titleOf,
  valueAt,
} from './content-fields'
import { ContentFields, fieldId } from './content-form'
import { kindNames } from './content-names'
import { ContentStateLabel } from './content-state'
import { controlLabel, ReadableValue } from './content-values'

/**
 * The editor of one item (the contentEditor machine): its fields in English and Spanish side
 * by side, Save, Publish and Unpublish. Focus moves to each outcome: the saved notice, the
 * error summary (each refused field a link to it), the conflict's dialog.
 */
export function ContentEditor({
  kind,
  id,
  fields,
  onDeleted,
  onCreated,
}: {
  readonly kind: ContentKind
  readonly id: string | undefined
  readonly fields: readonly ContentField[]
  /** The item was deleted (the page stops showing its history). */
  readonly onDeleted?: () => void
  /** A new item's first save gave it its id (the page takes the item's own address). */
  readonly onCreated?: (id: string) => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  // A session without a proved second factor is sent to set one up (the inbox's rule).
  const [loadError, setLoadError] = useState<unknown>()
  useSecondFactorFirst(loadError)
  const [machine] = useState(() => {
    const effects = contentEffects(queryClient)
    return contentEditorMachine.provide({
      actors: {
        loadItem: fromPromise(({ input }) =>
          effects.load(input).catch((error: unknown) => {
            setLoadError(error)
            throw error
          }),
        ),
        saveItem: fromPromise(({ input }) => effects.save(input)),
        publishItem: fromPromise(({ input }) => effects.publish(input)),
        unpublishItem: fromPromise(({ input }) => effects.unpublish(input)),
        deleteItem: fromPromise(({ input }) => effects.delete(input)),
      },
    })
  })
  const [snapshot, send] = useMachine(machine, {
    ...inspectorOptions,
    input: { kind, id, blank: kindDescriptions[kind].blank },
  })
  const { context } = snapshot
  const { item, values, serverFieldErrors: errors } = context
  const view = snapshot.matches('editing')
    ? snapshot.matches({ editing: 'dirty' })
      ? 'dirty'
      : 'clean'
    : String(snapshot.value)

  const tellDeleted = useRef(onDeleted)
  tellDeleted.current = onDeleted
  useEffect(() => {
    if (view === 'deleted') tellDeleted.current?.()
  }, [view])

  const tellCreated = useRef(onCreated)
  tellCreated.current = onCreated
  const createdId = id === undefined ? item?.id : undefined
  useEffect(() => {
    if (createdId) tellCreated.current?.(createdId)
  }, [createdId])

  const sectionRef = useRef<HTMLElement>(null)
  useFocusOnView(view, (to) => {
    const section = sectionRef.current
    if (to === 'refused' || to === 'publishRefused')
      return section?.querySelector<HTMLElement>('.form-summary')
    if (
      [
        'saved',
        'published',
        'unpublished',
        'failed',
        'theirsFailed',
        'actionFailed',
        'loadFailed',
        'deleted',
      ].includes(to)
    )
      return section?.querySelector<HTMLElement>('[role="status"]')
    return undefined
  })

  const busy = [
    'loading',
    'saving',
    'readingTheirs',
    'publishing',
    'unpublishing',
    'deleting',
  ].includes(view)
  const status =
    view === 'loading' ? (
      <Trans>Loading the item…</Trans>
    ) : view === 'loadFailed' ? (
      (context.message ?? <Trans>The item could not be loaded.</Trans>)
    ) : view === 'saving' || view === 'readingTheirs' ? (
      <Trans>Saving…</Trans>
    ) : view === 'publishing' ? (
      <Trans>Publishing…</Trans>
    ) : view === 'unpublishing' ? (
      <Trans>Unpublishing…</Trans>
    ) : view === 'deleting' ? (
      <Trans>Deleting…</Trans>
    ) : view === 'deleted' ? (
      (context.message ?? <Trans>Deleted.</Trans>)
    ) : view === 'saved' ? (
      (context.message ?? <Trans>Saved.</Trans>)
    ) : view === 'published' ? (
      (context.message ?? <Trans>Published.</Trans>)
    ) : view === 'unpublished' ? (
      (context.message ?? <Trans>Unpublished: the site no longer shows it.</Trans>)
    ) : view === 'failed' ? (
      (context.message ?? <Trans>The changes could not be saved. Please try again.</Trans>)
    ) : view === 'theirsFailed' ? (
      (context.message ?? (
        <Trans>Someone saved a newer version, which could not be loaded. Please try again.</Trans>
      ))
    ) : view === 'actionFailed' ? (
      (context.message ?? <Trans>That did not work. Please reload the item.</Trans>)
    ) : null

  const refused = refusedFields(errors, fields, values)

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'save' })
  }
  const heading = id === undefined && item === undefined ? null : item
  const name = i18n._(kindNames[kind])

  return (
    <section ref={sectionRef} className="content-editor" aria-labelledby="content-editor-heading">
      <h2 id="content-editor-heading">
        {heading === null ? <Trans>New item: {name}</Trans> : <Trans>Edit: {name}</Trans>}
      </h2>
      {item ? <ItemFacts item={item} /> : null}
      <p role="status" className="form-status" tabIndex={-1}>
        {status}
      </p>
      {['loadFailed', 'actionFailed', 'failed', 'theirsFailed'].includes(view) ? (
        <p className="form-actions">
          <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
            {view === 'failed' || view === 'theirsFailed' ? (
              <Trans>Try again</Trans>
            ) : (
              <Trans>Reload the item</Trans>
            )}
          </button>
        </p>
      ) : null}
      {view === 'refused' || view === 'publishRefused' ? (
        <div key={context.refusedSubmissions} className="form-summary" role="alert" tabIndex={-1}>
          <p>
            {context.message ??
              (view === 'publishRefused' ? (
                <Trans>Publishing needs every text in both languages.</Trans>
              ) : (
                <Trans>Check the fields below.</Trans>
              ))}
          </p>
          {refused.length > 0 ? (
            <ul>
              {refused.map((control) => (
                <li key={fieldId(control.path, control.locale)}>
                  <a href={`#${fieldId(control.path, control.locale)}`}>
                    {controlLabel(i18n, control)}
                  </a>
                  : {control.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {view === 'deleted' ? (
        <p>
          <Link to="/admin/content" search={{ kind }}>
            <Trans>Back to the list: {name}</Trans>
          </Link>
        </p>
      ) : null}
      {view === 'loading' || view === 'loadFailed' || view === 'deleted' ? null : (
        <form
          className="content-form"
          aria-label={t`Item fields`}
          method="post"
          noValidate
          onSubmit={save}
          aria-busy={busy}
        >
          <ContentFields
            fields={fields}
            values={values}
            errors={errors}
            readOnly={busy || view === 'conflict'}
            onChange={(changed) => send({ type: 'change', values: changed })}
          />
          <p className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              aria-disabled={!snapshot.can({ type: 'save' })}
            >
              {view === 'saving' ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
            </button>
            {snapshot.can({ type: 'publish' }) ? (
              <button type="button" className="button" onClick={() => send({ type: 'publish' })}>
                <Trans>Publish</Trans>
              </button>
            ) : null}
            {snapshot.can({ type: 'unpublish' }) ? (
              <button type="button" className="button" onClick={() => send({ type: 'unpublish' })}>
                <Trans>Unpublish</Trans>
              </button>
            ) : null}
            {snapshot.can({ type: 'delete' }) || view === 'confirmingDelete' ? (
              <button
                type="button"
                className="button button-danger"
                onClick={() => send({ type: 'delete' })}
              >
                <Trans>Delete</Trans>
              </button>
            ) : null}
          </p>
          {view === 'dirty' && item ? (
            <p className="form-hint">
              <Trans>Save your changes before publishing or unpublishing.</Trans>
            </p>
          ) : null}
        </form>
      )}
      {view === 'confirmingDelete' && item ? (
        <DeleteDialog
          title={titleOf(kind, item.data, i18n.locale === 'es' ? 'es' : 'en') || name}
          onConfirm={() => send({ type: 'confirmDelete' })}
          onCancel={() => send({ type: 'cancelDelete' })}
        />
      ) : null}
      {view === 'conflict' && context.theirs ? (
        <ConflictDialog
          theirs={context.theirs}
          fields={fields}
          onTakeTheirs={() => send({ type: 'takeTheirs' })}
          onKeepMine={() => send({ type: 'keepMine' })}
        />
      ) : null}
    </section>
  )
}

/** State, version, and who changed it last, when. */
function ItemFacts({ item }: { readonly item: ContentItem }) {
  const { i18n } = useLingui()
  const when = i18n.date(new Date(item.updatedAt), momentStyle)
  const who = item.updatedBy?.email ?? '—'
  const version = item.version
  return (
    <p className="content-facts">
      <ContentStateLabel state={item.state} />{' '}
      <Trans>
        Version {version}, last changed by {who} on {when}.
      </Trans>
    </p>
  )
}

/** Someone saved a newer version meanwhile: theirs, and the admin's two ways on. */
function ConflictDialog({
  theirs,
  fields,
  onTakeTheirs,
  onKeepMine,
}: {
  readonly theirs: ContentItem
  readonly fields: readonly ContentField[]
  readonly onTakeTheirs: () => void
  readonly onKeepMine: () => void
}) {
  const { i18n } = useLingui()
  const who = theirs.updatedBy?.email ?? '—'
  const version = theirs.version
  const rows = controlsOf(fields, theirs.data).filter(({ field }) => field.type !== 'list')
  return (
    <ModalDialog labelledBy="content-conflict-heading" onCancel={onKeepMine}>
      <h3 id="content-conflict-heading">
        <Trans>
          {who} saved version {version} while you were editing
        </Trans>
      </h3>
      <p>
        <Trans>
          Take their version (your changes are dropped), or keep editing yours: saving then replaces
          theirs.
        </Trans>
      </p>
      <dl className="content-theirs">
        {rows.map((control) => (
          <div key={fieldId(control.path, control.locale)}>
            <dt>{controlLabel(i18n, control)}</dt>
            <dd lang={control.locale}>
              <ReadableValue
                field={control.field}
                value={valueAt(
                  theirs.data,
                  control.locale ? `${control.path}.${control.locale}` : control.path,
                )}
              />
            </dd>
          </div>
        ))}
      </dl>
      <p className="form-actions">
        <button type="button" className="button button-primary" onClick={onTakeTheirs}>
          <Trans>Take their version</Trans>
        </button>
        <button type="button" className="button" onClick={onKeepMine}>
          <Trans>Keep editing mine</Trans>
        </button>
      </p>
    </ModalDialog>
  )
}

/** Deleting asks first: the item and its revisions are gone for good. */
function DeleteDialog({
  title,
  onConfirm,
  onCancel,
}: {
  readonly title: string
  readonly onConfirm: () => void
  readonly onCancel: () => void
}) {
  return (
    <ModalDialog labelledBy="content-delete-heading" onCancel={onCancel}>
      <h3 id="content-delete-heading">
        <Trans>Delete “{title}”?</Trans>
      </h3>
      <p>
        <Trans>
          The item and its whole history are deleted; the site stops showing it. This cannot be
          undone.
        </Trans>
      </p>
      <p className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Keep the item</Trans>
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          <Trans>Delete it</Trans>
        </button>
      </p>
    </ModalDialog>
  )
}
