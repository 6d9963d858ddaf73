import { type FieldProps, FormField as SharedFormField } from '../../../ui/form-field'

/** The registration forms' name: their controls' ids start with `registration-`. */
export const formName = 'registration'

/** The registration forms' fields: the shared field with ids under `registration-`. */
export function FormField(props: Omit<FieldProps, 'form'>) {
  return <SharedFormField form={formName} {...props} />
}
