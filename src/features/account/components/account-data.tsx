import { Trans } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { isProofCancelled } from '../../../../machines/form-flow'
import { callEndpoint } from '../../../api/call-endpoint'
import type { SessionRuntime } from '../../../session/session-runtime'
import { useFreshProof } from '../../../session/step-up/fresh-proof'
import { DeleteAccount } from './delete-account'
import '../../../ui/form-field.css'

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
  const withProof = useFreshProof()
  const exported = useMutation({
    mutationFn: () => withProof(() => callEndpoint('exportAccount')),
    onSuccess: (data) => download('puente-digital-account.json', data),
  })
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
      {exported.isError && !isProofCancelled(exported.error) ? (
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
      <DeleteAccount runtime={runtime} />
    </>
  )
}
