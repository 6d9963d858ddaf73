import type { FormEvent, ReactNode, Ref } from 'react'

/**
 * The frame of an account form: validated by its machine (noValidate), busy while its answer
 * is awaited, and a refusal from the server (`refusal`, e.g. a wrong password) announced
 * above the fields and focused through `refusalRef`.
 */
export function AccountForm({
  formRef,
  onSubmit,
  busy,
  refusal,
  refusalRef,
  children,
}: {
  readonly formRef: Ref<HTMLFormElement>
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void
  readonly busy: boolean
  readonly refusal?: ReactNode
  readonly refusalRef?: Ref<HTMLParagraphElement>
  readonly children: ReactNode
}) {
  return (
    <form
      ref={formRef}
      className="account-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      {refusal ? (
        <p ref={refusalRef} tabIndex={-1} role="alert" className="form-summary focus-target">
          {refusal}
        </p>
      ) : null}
      {children}
    </form>
  )
}
