import { useLingui } from '@lingui/react'
import {
  type BudgetRange,
  budgetField,
  budgetLabels,
  budgetRanges,
} from '../../domain/leads/lead-options'
import { ChoiceField } from './form-field'

/** The required budget range of an enquiry or a service request; its texts are the leads'. */
export function BudgetField({
  form,
  error,
  defaultValue,
}: {
  readonly form: string
  readonly error: string | undefined
  readonly defaultValue: BudgetRange | ''
}) {
  const { _ } = useLingui()
  return (
    <ChoiceField
      form={form}
      name="budget"
      label={_(budgetField.label)}
      hint={_(budgetField.hint)}
      error={error}
      prompt={_(budgetField.prompt)}
      choices={budgetRanges}
      choiceLabel={(range) => _(budgetLabels[range])}
      defaultValue={defaultValue}
    />
  )
}
