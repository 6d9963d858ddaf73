import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { ContentRevision } from '../../../../domain/api/api-contract'
import { type ContentChange, contentDiff } from '../../../../domain/content/content-diff'
import type { ContentKind, RevisionAction } from '../../../../domain/content/content-kinds'
import { contentRevisionsMachine } from '../../../../machines/content-revisions-machine'
import { momentStyle } from '../../../ui/date-styles'
import { useFocusOnView } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { revisionEffects } from './api/content-effects'
import { type ContentField, controlForPath, type FieldControl } from './content-fields'
import { controlLabel, ReadableValue } from './content-values'

const actionNames: Record<RevisionAction, MessageDescriptor> = {
  create: msg`Created`,
  edit: msg`Edited`,
  publish: msg`Published`,
  unpublish: msg`Unpublished`,
  restore: msg`Restored`,
}

/**
 * An item's revision history (the contentRevisions machine): each revision (who, when, what),
 * two chosen and compared field by field in both languages, and any older one restored. A
 * restore makes the page read the item again (`onRestored`), so the form shows it.
 */
export function ContentHistory({
  kind,
  id,
  fields,
  onRestored,
}: {
  readonly kind: ContentKind
  readonly id: string
  readonly fields: readonly ContentField[]
  readonly onRestored: (version: number) => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [machine] = useState(() => {
    const effects = revisionEffects(queryClient)
    return contentRevisionsMachine.provide({
      actors: {
        loadRevisions: fromPromise(({ input }) => effects.load(input)),
        restoreRevision: fromPromise(({ input }) => effects.restore(input)),
      },
    })
  })
  const [snapshot, send] = useMachine(machine, { ...inspectorOptions, input: { kind, id } })
  const { context } = snapshot
  const view = String(snapshot.value)
  const { revisions, from, to, restored } = context

  // The form above shows the restored fields: the page reads the item again.
  const restoredVersion = view === 'restored' ? restored?.version : undefined
  const tell = useRef(onRestored)
  tell.current = onRestored
  useEffect(() => {
    if (restoredVersion !== undefined) tell.current(restoredVersion)
  }, [restoredVersion])

  const sectionRef = useRef<HTMLElement>(null)
  // Each comparison is a view of its own (comparing the same two again moves focus again).
  const focusView = view === 'comparing' ? `comparing:${context.comparisons}` : view
  useFocusOnView(focusView, (to) => {
    const section = sectionRef.current
    if (to.startsWith('comparing'))
      return section?.querySelector<HTMLElement>('#content-diff-heading')
    if (['restored', 'conflict', 'restoreFailed', 'loadFailed'].includes(to))
      return section?.querySelector<HTMLElement>('.content-history-status')
    return undefined
  })

  const restoredNumber = context.restoring
  const status =
    view === 'loading' || view === 'refreshing' || view === 'refreshingAfterConflict' ? (
      <Trans>Loading the history…</Trans>
    ) : view === 'restoring' ? (
      <Trans>Restoring version {restoredNumber}…</Trans>
    ) : view === 'loadFailed' ? (
      (context.message ?? <Trans>The history could not be loaded.</Trans>)
    ) : view === 'restored' && restored ? (
      <Trans>
        Version {restoredNumber} restored as version {restored.version}; the form above shows it.
      </Trans>
    ) : view === 'conflict' ? (
      <Trans>
        Someone changed the item meanwhile: nothing was restored. The history now shows their
        change; restore again if you still want that version.
      </Trans>
    ) : view === 'restoreFailed' ? (
      (context.message ?? <Trans>The version could not be restored.</Trans>)
    ) : null

  const compare = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'compare' })
  }
  const newest = revisions[0]?.number
  const busy = ['loading', 'refreshing', 'refreshingAfterConflict', 'restoring'].includes(view)
  const older = revisions.find((revision) => revision.number === from)
  const newer = revisions.find((revision) => revision.number === to)

  return (
    <section
      ref={sectionRef}
      className="content-history"
      aria-labelledby="content-history-heading"
      aria-busy={busy}
    >
      <h2 id="content-history-heading">
        <Trans>History</Trans>
      </h2>
      <p className="form-hint">
        <Trans>
          Every save, publish and restore is kept. Restoring makes an older version the item's
          again, as a new version; save your changes in the form first.
        </Trans>
      </p>
      <p role="status" className="form-status content-history-status" tabIndex={-1}>
        {status}
      </p>
      {view === 'loadFailed' ? (
        <p className="form-actions">
          <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
            <Trans>Load the history again</Trans>
          </button>
        </p>
      ) : null}
      {revisions.length > 0 ? (
        <form className="content-history-form" aria-label={t`Versions`} onSubmit={compare}>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>
                <Trans>Versions, newest first: {revisions.length}</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Version</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Change</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Compare</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Restore</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {revisions.map((revision) => (
                  <RevisionRow
                    key={revision.id}
                    revision={revision}
                    from={from}
                    to={to}
                    current={revision.number === newest}
                    disabled={busy}
                    onChoose={(side) => send({ type: 'choose', side, number: revision.number })}
                    onRestore={() => send({ type: 'restore', number: revision.number })}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <p className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              aria-disabled={!snapshot.can({ type: 'compare' })}
            >
              <Trans>Compare the two chosen</Trans>
            </button>
            <button type="button" className="button" onClick={() => send({ type: 'reload' })}>
              <Trans>Read the history again</Trans>
            </button>
          </p>
        </form>
      ) : null}
      {view === 'comparing' && older && newer ? (
        <Difference fields={fields} from={older} to={newer} />
      ) : null}
    </section>
  )
}

/** One revision: its number, what made it, who and when, the two choices and Restore. */
function RevisionRow({
  revision,
  from,
  to,
  current,
  disabled,
  onChoose,
  onRestore,
}: {
  readonly revision: ContentRevision
  readonly from: number | undefined
  readonly to: number | undefined
  readonly current: boolean
  readonly disabled: boolean
  readonly onChoose: (side: 'from' | 'to') => void
  readonly onRestore: () => void
}) {
  const { i18n, t } = useLingui()
  const { number } = revision
  const who = revision.author?.email ?? '—'
  const when = i18n.date(new Date(revision.createdAt), momentStyle)
  const action = i18n._(actionNames[revision.action])
  const restoredFrom = revision.restoredFrom
  return (
    <tr>
      <th scope="row">
        <Trans>Version {number}</Trans>
      </th>
      <td>
        {action}
        {restoredFrom === null ? null : <Trans> (version {restoredFrom})</Trans>}
        <br />
        <Trans>
          by {who}, <time dateTime={revision.createdAt}>{when}</time>
        </Trans>
      </td>
      <td>
        <label className="content-check">
          <input
            type="radio"
            name="from"
            checked={from === number}
            disabled={disabled}
            aria-label={t`From version ${number}`}
            onChange={() => onChoose('from')}
          />{' '}
          <Trans>From</Trans>
        </label>{' '}
        <label className="content-check">
          <input
            type="radio"
            name="to"
            checked={to === number}
            disabled={disabled}
            aria-label={t`To version ${number}`}
            onChange={() => onChoose('to')}
          />{' '}
          <Trans>To</Trans>
        </label>
      </td>
      <td>
        {current ? (
          <Trans>Current</Trans>
        ) : (
          <button
            type="button"
            className="button"
            disabled={disabled}
            aria-label={t`Restore version ${number}`}
            onClick={onRestore}
          >
            <Trans>Restore</Trans>
          </button>
        )}
      </td>
    </tr>
  )
}

type Named = { readonly change: ContentChange; readonly control: FieldControl | undefined }

/** The form's order of a change: its field, its entry, its place in the entry, English first. */
function rankOf(fields: readonly ContentField[], control: FieldControl | undefined): number {
  if (!control) return Number.MAX_SAFE_INTEGER
  const field = control.entry?.list ?? control.field
  const inner = control.entry ? control.entry.list.fields.indexOf(control.field as never) : 0
  return (
    fields.indexOf(field) * 10_000 +
    (control.entry?.index ?? 0) * 100 +
    inner * 2 +
    (control.locale === 'es' ? 1 : 0)
  )
}

/**
 * What changed from one revision to the other, field by field in the form's order, each
 * language its own line (marked with its language). What was there is marked "Removed" (and
 * struck through), what came "Added" (and underlined): words, not only colour.
 */
function Difference({
  fields,
  from,
  to,
}: {
  readonly fields: readonly ContentField[]
  readonly from: ContentRevision
  readonly to: ContentRevision
}) {
  const { i18n } = useLingui()
  const changes: Named[] = contentDiff(from.data, to.data)
    .map((change) => ({ change, control: controlForPath(fields, change.path) }))
    .sort((a, b) => rankOf(fields, a.control) - rankOf(fields, b.control))
  const fromNumber = from.number
  const toNumber = to.number
  return (
    <section className="content-diff" aria-labelledby="content-diff-heading">
      <h3 id="content-diff-heading" tabIndex={-1}>
        <Trans>
          From version {fromNumber} to version {toNumber}
        </Trans>
      </h3>
      {changes.length === 0 ? (
        <p>
          <Trans>No field differs.</Trans>
        </p>
      ) : (
        <ul>
          {changes.map(({ change, control }, index) => (
            // A field may change twice (a service removed, another added): the place names it.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`${change.path}-${index}`}>
              <strong>{control ? controlLabel(i18n, control) : change.path}</strong>
              {'before' in change ? (
                <p>
                  <span className="content-diff-mark">
                    <Trans>Removed:</Trans>
                  </span>{' '}
                  <del lang={control?.locale}>
                    {control ? (
                      <ReadableValue field={control.field} value={change.before} />
                    ) : (
                      String(change.before)
                    )}
                  </del>
                </p>
              ) : null}
              {'after' in change ? (
                <p>
                  <span className="content-diff-mark">
                    <Trans>Added:</Trans>
                  </span>{' '}
                  <ins lang={control?.locale}>
                    {control ? (
                      <ReadableValue field={control.field} value={change.after} />
                    ) : (
                      String(change.after)
                    )}
                  </ins>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
