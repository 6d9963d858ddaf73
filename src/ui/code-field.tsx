import type { ReactNode, Ref } from 'react'
import { FormField } from './form-field'

/**
 * Which codes a field takes: the authenticator app's digits only (a numeric keypad), or those
 * and a recovery code, whose letters want a full keyboard and no spell-check.
 */
export type CodeKind = 'appCode' | 'appOrRecoveryCode'

const byKind = {
  appCode: { inputMode: 'numeric', maxLength: 12 },
  appOrRecoveryCode: { inputMode: 'text', spellCheck: false, maxLength: 40 },
} as const

/**
 * A one-time code's field, which the browser may fill from a code it received. A refused code
 * is cleared (`refused` remounts the control), as the machine forgets it.
 */
export function CodeField({
  form,
  name,
  label,
  error,
  kind,
  inputRef,
  refused = false,
}: {
  readonly form: string
  readonly name: string
  readonly label: ReactNode
  readonly error: string | undefined
  readonly kind: CodeKind
  readonly inputRef: Ref<HTMLInputElement>
  readonly refused?: boolean
}) {
  return (
    <FormField form={form} name={name} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          key={refused ? 'refused' : 'typed'}
          type="text"
          autoComplete="one-time-code"
          required
          {...byKind[kind]}
        />
      )}
    </FormField>
  )
}
