import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useMemo, useState } from 'react'
import * as v from 'valibot'
import { callEndpoint } from '../../../api/call-endpoint'
import { createDeleteAccountSchema } from '../../../domain/accounts/account-schemas'
import { failureAnswer } from '../../../domain/api/api-contract'
import { FormField } from '../../../ui/form-field'
import type { SessionRuntime } from '../session/session-runtime'

/** Saves a JSON document as a file the browser downloads. */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  )
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** "Your data": download everything stored about you; delete the account (with the password). */
export function AccountData({ runtime }: { readonly runtime: SessionRuntime }) {
  const { _ } = useLingui()
  const navigate = useNavigate()
  const exported = useMutation({
    mutationFn: () => callEndpoint('exportAccount'),
    onSuccess: (data) => download('puente-digital-account.json', data),
  })
  const [password, setPassword] = useState<string | undefined>(undefined)
  const deletion = useMutation({
    mutationFn: (confirm: string) => callEndpoint('deleteAccount', { password: confirm }),
    onSuccess: async () => {
      await navigate({ to: '/logout', search: { deleted: true } })
      runtime.expired()
    },
  })
  const error = useMemo(() => {
    if (password === undefined) return undefined
    const result = v.safeParse(
      createDeleteAccountSchema((descriptor) => _(descriptor)),
      { password },
    )
    return result.success ? undefined : result.issues[0]?.message
  }, [_, password])
  const refused = deletion.isError ? failureAnswer(deletion.error) : undefined

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('password')
    const typed = typeof value === 'string' ? value : ''
    setPassword(typed)
    if (typed !== '' && !deletion.isPending) deletion.mutate(typed)
  }

  return (
    <>
      <p>
        <Trans>
          Download a copy of everything we store about you: your details and your sessions, as a
          JSON file.
        </Trans>
      </p>
      <p className="form-actions">
        <button
          type="button"
          className="button"
          aria-disabled={exported.isPending}
          onClick={() => {
            if (!exported.isPending) exported.mutate()
          }}
        >
          {exported.isPending ? (
            <Trans>Preparing your data…</Trans>
          ) : (
            <Trans>Download my data</Trans>
          )}
        </button>
      </p>
      {exported.isError ? (
        <p role="alert" className="form-summary">
          <Trans>Your data could not be downloaded. Please try again.</Trans>
        </p>
      ) : null}
      <h3>
        <Trans>Delete your account</Trans>
      </h3>
      <p>
        <Trans>
          Deleting your account removes your details, your sessions and every link we sent you. It
          cannot be undone. We will send a confirmation to your email address.
        </Trans>
      </p>
      <form className="account-form" method="post" noValidate onSubmit={submit}>
        {refused || deletion.isError ? (
          <p role="alert" className="form-summary">
            {refused?.code === 'wrong_password' ? (
              <Trans>Your password is not right.</Trans>
            ) : (
              (refused?.message ?? (
                <Trans>Your account could not be deleted. Please try again.</Trans>
              ))
            )}
          </p>
        ) : null}
        <FormField
          form="delete-account"
          name="password"
          label={<Trans>Your password, to confirm</Trans>}
          error={error}
        >
          {(control) => (
            <input {...control} type="password" autoComplete="current-password" maxLength={128} />
          )}
        </FormField>
        <p className="form-actions">
          <button type="submit" className="button" aria-disabled={deletion.isPending}>
            {deletion.isPending ? <Trans>Deleting…</Trans> : <Trans>Delete my account</Trans>}
          </button>
        </p>
      </form>
    </>
  )
}
