import { Trans } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useMemo, useRef } from 'react'
import { createResendSchema } from '../../../../domain/registration/recovery-schemas'
import type { EmailLinkContext, EmailLinkEvent } from '../../../../machines/email-link-request'
import { FormField } from '../../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { AccountForm } from './account-form'
import { FailureNotice } from './failure-notice'

/** What the view reads of a "send me a link" machine's snapshot (machines/email-link-request.ts). */
export type EmailLinkSnapshot = {
  readonly value: unknown
  readonly context: EmailLinkContext
  matches(state: 'form' | 'sending' | 'sent' | 'failed'): boolean
}

export type EmailLinkTexts = {
  /** The form's name (the control's id prefix). */
  readonly form: string
  readonly label: ReactNode
  readonly submit: ReactNode
  /** The same answer whether or not the address has an account. */
  readonly sent: (email: string) => ReactNode
  readonly failure: ReactNode
  /** The page's main action (a primary button) or a secondary one. */
  readonly primary?: boolean
}

/**
 * "Send me a link by email": one address, then the answer that says a mail is on its way (or
 * what failed, with "Try again"). The machine is its caller's (recovery, a new confirmation
 * link), each with its own id and call; the view is one.
 */
export function EmailLinkForm({
  snapshot,
  send,
  texts,
}: {
  readonly snapshot: EmailLinkSnapshot
  readonly send: (event: EmailLinkEvent) => void
  readonly texts: EmailLinkTexts
}) {
  const { email, refusedSubmissions, message } = snapshot.context
  const typed = useMemo(() => ({ email }), [email])
  const { errors, formRef } = useRefusedFields({
    schema: createResendSchema,
    values: typed,
    refusedSubmissions,
  })
  const onForm = snapshot.matches('form') || snapshot.matches('sending')
  const headingRef = useRef<HTMLParagraphElement>(null)
  useFocusOnView(onForm ? 'form' : String(snapshot.value), (now) =>
    now === 'form' ? formRef.current?.querySelector('input') : headingRef.current,
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({
      type: 'submit',
      email: submittedText(new FormData(event.currentTarget), 'email').trim(),
    })
  }

  if (snapshot.matches('sent')) {
    return (
      <p ref={headingRef} tabIndex={-1} className="result-panel focus-target" role="status">
        {texts.sent(email)}
      </p>
    )
  }
  if (snapshot.matches('failed')) {
    return (
      <FailureNotice
        statusRef={headingRef}
        message={message ?? texts.failure}
        onRetry={() => send({ type: 'retry' })}
      />
    )
  }
  const busy = snapshot.matches('sending')
  return (
    <AccountForm formRef={formRef} onSubmit={submit} busy={busy}>
      <FormField form={texts.form} name="email" label={texts.label} error={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={email}
          />
        )}
      </FormField>
      <p className="form-actions">
        <button
          type="submit"
          className={texts.primary ? 'button button-primary' : 'button'}
          aria-disabled={busy}
        >
          {busy ? <Trans>Sending…</Trans> : texts.submit}
        </button>
      </p>
    </AccountForm>
  )
}
