import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { FieldErrors } from '../../../../domain/api/api-contract'
import type { ContentData } from '../../../../domain/content/content-schemas'
import type { Locale } from '../../../../domain/locales'
import { FormField } from '../../../ui/form-field'
import { localeLabels } from '../locale-labels'
import { contentListQueryOptions } from './api/content-effects'
import {
  type ContentField,
  entriesAt,
  fieldError,
  isBilingual,
  type ListField,
  type TextField,
  textAt,
  titleOf,
  valueAt,
  withValueAt,
} from './content-fields'

const form = 'content'

/** A control's id, from its value's path (`content-results-1-label-es`). */
export const fieldId = (path: string, locale?: Locale) =>
  `${form}-${path.replace(/\./g, '-')}${locale ? `-${locale}` : ''}`

type FieldsProps = {
  readonly fields: readonly ContentField[]
  readonly values: ContentData
  readonly errors: FieldErrors
  readonly onChange: (values: ContentData) => void
  readonly readOnly: boolean
}

/**
 * One kind's fields, as its description lists them (`content-fields.ts`): the values that do
 * not translate first, then the texts in two fieldsets side by side, English and Spanish
 * (marked `lang="es"`, so a screen reader reads them in Spanish), then the lists (each entry
 * with its texts in both languages). Every change reports the whole fields; each control shows
 * the server's message for it.
 */
export function ContentFields(props: FieldsProps) {
  const { t } = useLingui()
  const { fields } = props
  const single = fields.filter((field) => !isBilingual(field) && field.type !== 'list')
  const bilingual = fields.filter(isBilingual)
  const lists = fields.filter((field): field is ListField => field.type === 'list')
  return (
    <>
      {single.map((field) => (
        <SingleField key={field.path} field={field} {...props} />
      ))}
      <div className="content-languages">
        <fieldset>
          <legend>{t(localeLabels.en)}</legend>
          {bilingual.map((field) => (
            <TextControl key={field.path} field={field} path={field.path} locale="en" {...props} />
          ))}
        </fieldset>
        <fieldset lang="es">
          <legend>{t(localeLabels.es)}</legend>
          {bilingual.map((field) => (
            <TextControl key={field.path} field={field} path={field.path} locale="es" {...props} />
          ))}
        </fieldset>
      </div>
      {lists.map((field) => (
        <ListControl key={field.path} field={field} {...props} />
      ))}
    </>
  )
}

type ControlProps = FieldsProps & { readonly field: ContentField }

/** A value that does not translate: a name, a date, a choice, a checkbox, a reference. */
function SingleField(props: ControlProps) {
  const { i18n } = useLingui()
  const { field, values, errors, onChange, readOnly } = props
  const error = fieldError(errors, field.path)
  const hint = field.hint ? i18n._(field.hint) : undefined
  switch (field.type) {
    case 'words':
    case 'paragraphs':
    case 'text':
    case 'day':
    case 'order':
      return <TextControl {...props} field={field} path={field.path} />
    case 'yesNo':
      return (
        <div className={error ? 'form-field form-field-invalid' : 'form-field'}>
          <label className="content-check">
            <input
              type="checkbox"
              id={fieldId(field.path)}
              checked={valueAt(values, field.path) === true}
              aria-describedby={hint ? `${fieldId(field.path)}-hint` : undefined}
              onChange={(event) =>
                readOnly
                  ? undefined
                  : onChange(withValueAt(values, field.path, event.target.checked))
              }
            />{' '}
            {i18n._(field.label)}
          </label>
          {hint ? (
            <p id={`${fieldId(field.path)}-hint`} className="form-hint">
              {hint}
            </p>
          ) : null}
          {error ? <p className="form-error">{error}</p> : null}
        </div>
      )
    case 'choice':
      return (
        <FormField
          form={form}
          name={field.path}
          label={i18n._(field.label)}
          hint={hint}
          error={error}
        >
          {(control) => (
            <select
              {...control}
              value={textAt(values, field.path)}
              onChange={(event) =>
                readOnly ? undefined : onChange(withValueAt(values, field.path, event.target.value))
              }
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {i18n._(option.label)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )
    case 'choices':
      return <ChoicesControl {...props} field={field} />
    case 'reference':
      return <ReferenceControl {...props} field={field} />
    case 'later':
      return (
        <p className="content-later" id={fieldId(field.path)}>
          <strong>{i18n._(field.label)}:</strong> {hint}
        </p>
      )
    case 'list':
      return null
  }
}

/** A text (in `locale` for a bilingual one) at `path`: an input, or a textarea for paragraphs. */
function TextControl({
  field,
  path,
  locale,
  values,
  errors,
  onChange,
  readOnly,
  entry,
}: FieldsProps & {
  readonly field: TextField
  readonly path: string
  readonly locale?: Locale
  /** Inside a list: the entry's name, said after the label ("Figure, Result 2"). */
  readonly entry?: string
}) {
  const { i18n } = useLingui()
  const name = locale ? `${path}.${locale}` : path
  const hidden = [entry, locale ? i18n._(localeLabels[locale]) : undefined].filter(Boolean)
  const label = (
    <>
      {i18n._(field.label)}
      {hidden.length > 0 ? (
        <span className="visually-hidden">{` (${hidden.join(', ')})`}</span>
      ) : null}
    </>
  )
  const value = textAt(values, path, locale)
  const change = (text: string) =>
    onChange(
      withValueAt(values, name, field.type === 'order' && /^\d+$/.test(text) ? Number(text) : text),
    )
  return (
    <FormField
      form={form}
      name={name.replace(/\./g, '-')}
      label={label}
      hint={field.hint ? i18n._(field.hint) : undefined}
      error={fieldError(errors, path, locale)}
    >
      {(props) =>
        field.type === 'paragraphs' ? (
          <textarea
            {...props}
            lang={locale}
            rows={6}
            value={value}
            readOnly={readOnly}
            onChange={(event) => change(event.target.value)}
          />
        ) : (
          <input
            {...props}
            lang={locale}
            type={field.type === 'day' ? 'date' : 'text'}
            inputMode={field.type === 'order' ? 'numeric' : undefined}
            value={value}
            readOnly={readOnly}
            onChange={(event) => change(event.target.value)}
          />
        )
      }
    </FormField>
  )
}

/** Any of a list (a case study's services): a group of checkboxes. */
function ChoicesControl({
  field,
  values,
  errors,
  onChange,
  readOnly,
}: FieldsProps & { readonly field: Extract<ContentField, { type: 'choices' }> }) {
  const { i18n } = useLingui()
  const chosen = entriesAt(values, field.path)
  const error = fieldError(errors, field.path)
  const errorId = `${fieldId(field.path)}-error`
  const toggle = (value: string, on: boolean) => {
    if (readOnly) return
    // Kept in the list's order, whatever order they are ticked in.
    const next = field.options
      .map((option) => option.value)
      .filter((option) => (option === value ? on : chosen.includes(option)))
    onChange(withValueAt(values, field.path, next))
  }
  return (
    <fieldset
      id={fieldId(field.path)}
      className={error ? 'content-choices form-field-invalid' : 'content-choices'}
      aria-describedby={error ? errorId : undefined}
      tabIndex={-1}
    >
      <legend>{i18n._(field.label)}</legend>
      <ul>
        {field.options.map((option) => (
          <li key={option.value}>
            <label>
              <input
                type="checkbox"
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />{' '}
              {i18n._(option.label)}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** Another item of the site's content, or none (a case study's testimonial): a select. */
function ReferenceControl({
  field,
  values,
  errors,
  onChange,
  readOnly,
}: FieldsProps & { readonly field: Extract<ContentField, { type: 'reference' }> }) {
  const { i18n, t } = useLingui()
  const answer = useQuery(contentListQueryOptions(field.kind))
  const locale = i18n.locale === 'es' ? 'es' : 'en'
  const current = textAt(values, field.path)
  const items = answer.data?.items ?? []
  const known = items.some((item) => item.id === current)
  return (
    <FormField
      form={form}
      name={field.path}
      label={i18n._(field.label)}
      hint={answer.isError ? t`The list could not be loaded; the choice is kept.` : undefined}
      error={fieldError(errors, field.path)}
    >
      {(control) => (
        <select
          {...control}
          value={current}
          onChange={(event) =>
            readOnly
              ? undefined
              : onChange(withValueAt(values, field.path, event.target.value || null))
          }
        >
          <option value="">{t`None`}</option>
          {current !== '' && !known ? (
            <option value={current}>
              {answer.data ? t`An item no longer listed` : t`Loading…`}
            </option>
          ) : null}
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {titleOf(field.kind, item.data, locale) || '—'}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

/**
 * A list of entries (a case study's results), added and removed: each entry its own group
 * ("Result 2") with its texts in both languages. Adding moves focus to the new entry's first
 * field; removing, to a line saying which was removed.
 */
function ListControl(props: FieldsProps & { readonly field: ListField }) {
  const { i18n, t } = useLingui()
  const { field, values, errors, onChange, readOnly } = props
  const entries = entriesAt(values, field.path)
  const [removed, setRemoved] = useState<string>()
  const focusNext = useRef<string | null>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    const target = focusNext.current
    if (target === null) return
    focusNext.current = null
    if (target === 'notice') noticeRef.current?.focus()
    else document.getElementById(target)?.focus()
  })
  const first = field.fields[0]
  const add = () => {
    if (readOnly || entries.length >= field.max) return
    if (first)
      focusNext.current = fieldId(
        `${field.path}.${entries.length}.${first.path}`,
        isBilingual(first) ? 'en' : undefined,
      )
    setRemoved(undefined)
    onChange(withValueAt(values, field.path, [...entries, field.blank]))
  }
  const remove = (index: number) => {
    if (readOnly) return
    focusNext.current = 'notice'
    const name = i18n._(field.entry(index + 1))
    setRemoved(t`${name} removed.`)
    onChange(
      withValueAt(
        values,
        field.path,
        entries.filter((_, at) => at !== index),
      ),
    )
  }
  const error = fieldError(errors, field.path)
  return (
    <fieldset id={fieldId(field.path)} className="content-list" tabIndex={-1}>
      <legend>{i18n._(field.label)}</legend>
      {field.hint ? <p className="form-hint">{i18n._(field.hint)}</p> : null}
      {error ? <p className="form-error">{error}</p> : null}
      <p ref={noticeRef} role="status" className="content-list-notice" tabIndex={-1}>
        {removed}
      </p>
      {entries.length === 0 ? (
        <p>
          <Trans>None yet.</Trans>
        </p>
      ) : null}
      {entries.map((_, index) => {
        const entry = i18n._(field.entry(index + 1))
        return (
          // The entries have no id of their own: an entry is its place in the list.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <fieldset key={index} className="content-entry">
            <legend>{entry}</legend>
            <div className="content-entry-fields">
              {field.fields.flatMap((inner) =>
                (isBilingual(inner) ? (['en', 'es'] as const) : [undefined]).map((locale) => (
                  <TextControl
                    key={`${inner.path}-${locale ?? ''}`}
                    {...props}
                    field={inner}
                    path={`${field.path}.${index}.${inner.path}`}
                    locale={locale}
                    entry={entry}
                  />
                )),
              )}
            </div>
            <button type="button" className="button" onClick={() => remove(index)}>
              <Trans>Remove {entry}</Trans>
            </button>
          </fieldset>
        )
      })}
      {entries.length < field.max ? (
        <button type="button" className="button" onClick={add}>
          {i18n._(field.add)}
        </button>
      ) : (
        <p className="form-hint">
          <Trans>The list is full.</Trans>
        </p>
      )}
    </fieldset>
  )
}
