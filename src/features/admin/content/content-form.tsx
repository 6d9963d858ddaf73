import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { FieldErrors } from '../../../../domain/api/api-contract'
import type { ContentData } from '../../../../domain/content/content-schemas'
import type { Locale } from '../../../../domain/locales'
import { FormField } from '../../../ui/form-field'
import { localeLabels } from '../locale-labels'
import { type ContentField, fieldError, isBilingual, textAt, withValueAt } from './content-fields'

const form = 'content'

/** The control's id, for the error summary's links (`content-role-es`). */
export const fieldId = (field: ContentField, locale?: Locale) =>
  `${form}-${field.path.replace(/\./g, '-')}${locale ? `-${locale}` : ''}`

/**
 * One kind's fields, as its description lists them (`content-fields.ts`): the texts that do not
 * translate first, then the others in two fieldsets side by side, English and Spanish (marked
 * `lang="es"`, so a screen reader reads them in Spanish). Every change reports the whole
 * fields; each field shows the server's message for it.
 */
export function ContentFields({
  fields,
  values,
  errors,
  onChange,
  readOnly,
}: {
  readonly fields: readonly ContentField[]
  readonly values: ContentData
  readonly errors: FieldErrors
  readonly onChange: (values: ContentData) => void
  readonly readOnly: boolean
}) {
  const { i18n, t } = useLingui()
  const control = (field: ContentField, locale?: Locale): ReactNode => {
    const name = locale ? `${field.path}.${locale}` : field.path
    const label = locale ? (
      <>
        {i18n._(field.label)}
        <span className="visually-hidden">{` (${i18n._(localeLabels[locale])})`}</span>
      </>
    ) : (
      i18n._(field.label)
    )
    const value = textAt(values, field, locale)
    const change = (text: string) =>
      onChange(
        withValueAt(
          values,
          name,
          field.type === 'order' && /^\d+$/.test(text) ? Number(text) : text,
        ),
      )
    return (
      <FormField
        key={name}
        form={form}
        name={name.replace(/\./g, '-')}
        label={label}
        hint={field.hint ? i18n._(field.hint) : undefined}
        error={fieldError(errors, field, locale)}
      >
        {(props) =>
          field.type === 'paragraphs' ? (
            <textarea
              {...props}
              rows={6}
              value={value}
              readOnly={readOnly}
              onChange={(event) => change(event.target.value)}
            />
          ) : (
            <input
              {...props}
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
  const single = fields.filter((field) => !isBilingual(field))
  const bilingual = fields.filter(isBilingual)
  return (
    <>
      {single.map((field) => control(field))}
      <div className="content-languages">
        <fieldset>
          <legend>{t(localeLabels.en)}</legend>
          {bilingual.map((field) => control(field, 'en'))}
        </fieldset>
        <fieldset lang="es">
          <legend>{t(localeLabels.es)}</legend>
          {bilingual.map((field) => control(field, 'es'))}
        </fieldset>
      </div>
    </>
  )
}
