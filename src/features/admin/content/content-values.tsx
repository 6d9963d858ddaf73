import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { localeLabels } from '../locale-labels'
import { contentListQueryOptions } from './api/content-effects'
import type { ContentField, FieldControl } from './content-fields'
import { titleOf } from './content-names'

/**
 * A control's name wherever the editor lists controls (the error summary, their version, a
 * difference between revisions): "Result 2: What it measures (Spanish)".
 */
export function controlLabel(i18n: I18n, control: FieldControl): string {
  const entry = control.entry
    ? `${i18n._(control.entry.list.entry(control.entry.index + 1))}: `
    : ''
  const locale = control.locale ? ` (${i18n._(localeLabels[control.locale])})` : ''
  return `${entry}${i18n._(control.field.label)}${locale}`
}

/** Another item's name (a reference), read from its kind's list. */
function ReferenceName({
  kind,
  id,
}: {
  readonly kind: Extract<ContentField, { type: 'reference' }>['kind']
  readonly id: string
}) {
  const { i18n } = useLingui()
  const answer = useQuery(contentListQueryOptions(kind))
  const item = answer.data?.items.find((listed) => listed.id === id)
  const locale = i18n.locale === 'es' ? 'es' : 'en'
  return <>{item ? titleOf(kind, item.data, locale) || '—' : id}</>
}

/** One stored value as a reader understands it: a service's name, Yes or No, a title. */
export function ReadableValue({
  field,
  value,
}: {
  readonly field: ContentField
  readonly value: unknown
}) {
  const { i18n } = useLingui()
  if (value === null || value === undefined || value === '')
    return field.type === 'reference' ? <Trans>None</Trans> : <>—</>
  if (typeof value === 'boolean') return value ? <Trans>Yes</Trans> : <Trans>No</Trans>
  if (field.type === 'reference' && typeof value === 'string')
    return <ReferenceName kind={field.kind} id={value} />
  if (field.type === 'choice' || field.type === 'choices') {
    const named = (one: unknown) => {
      const option = field.options.find((known) => known.value === one)
      return option ? i18n._(option.label) : String(one)
    }
    return <>{Array.isArray(value) ? value.map(named).join(', ') || '—' : named(value)}</>
  }
  if (Array.isArray(value)) return <Trans>{value.length} entries</Trans>
  return <>{String(value)}</>
}
