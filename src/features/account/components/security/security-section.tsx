import { useLingui } from '@lingui/react'
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { factorMessages } from '../../../../../domain/accounts/factor-messages'
import type { PasskeySummary } from '../../../../../domain/api/api-contract'
import { factorActionsMachine } from '../../../../../machines/factor-actions-machine'
import { passkeyNameMaxLength } from '../../../../../machines/passkey-registration-machine'
import { callEndpoint } from '../../../../api/call-endpoint'
import { useFactorProof, useFreshProof } from '../../../../session/step-up/fresh-proof'
import { FormField } from '../../../../ui/form-field'
import { submittedText } from '../../../../ui/form-flow'
import { inspectorOptions } from '../../../../ui/machine-inspector'
import { factorsQueryKey, factorsQueryOptions } from '../../api/account-queries'
import { AddPasskey } from './add-passkey'
import { RecoveryCodesPanel } from './recovery-codes-panel'
import { TotpPanel } from './totp-panel'
import './security.css'

/**
 * "Sign-in and security" on `/profile`: passkeys, the authenticator app and the recovery codes
 * (the factors query); renaming, removing and turning off go through factorActionsMachine.
 */
export function SecuritySection({ forInbox }: { readonly forInbox: boolean }) {
  const factors = useQuery(factorsQueryOptions)
  const queryClient = useQueryClient()
  const withProof = useFreshProof()
  const deps = useRef({ queryClient, withProof })
  deps.current = { queryClient, withProof }
  const [machine] = useState(() =>
    factorActionsMachine.provide({
      actors: {
        renamePasskey: fromPromise(({ input }) =>
          callEndpoint('renamePasskey', { name: input.name }, { id: input.id }),
        ),
        removePasskey: fromPromise(({ input }) =>
          deps.current.withProof(() => callEndpoint('removePasskey', { id: input.id })),
        ),
        disableTotp: fromPromise(() => deps.current.withProof(() => callEndpoint('disableTotp'))),
      },
      actions: {
        refresh: () =>
          void deps.current.queryClient.invalidateQueries({ queryKey: factorsQueryKey }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)

  if (factors.isPending) {
    return (
      <p role="status">
        <Trans>Loading your sign-in methods…</Trans>
      </p>
    )
  }
  if (factors.isError) {
    return (
      <p className="result-panel result-panel-bad">
        <Trans>Your sign-in methods could not be loaded.</Trans>{' '}
        <button type="button" className="link-button" onClick={() => void factors.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </p>
    )
  }
  const { passkeys, totp, recoveryCodesLeft } = factors.data
  const target = snapshot.context.target?.name ?? ''
  const hasFactor = passkeys.length > 0 || totp
  return (
    <>
      {forInbox ? <InboxNotice hasFactor={hasFactor} /> : null}
      <h3 id="security-passkeys-heading">
        <Trans>Passkeys</Trans>
      </h3>
      <p>
        <Trans>
          A passkey signs you in with your fingerprint, face or device PIN: no password to type,
          nothing to steal.
        </Trans>
      </p>
      <PasskeyList
        passkeys={passkeys}
        busy={
          snapshot.matches('renaming') ||
          snapshot.matches('removing') ||
          snapshot.matches('disabling')
        }
        refusedRenames={snapshot.context.refusedRenames}
        renamedId={snapshot.matches('renamed') ? snapshot.context.target?.id : undefined}
        onRename={(passkey, newName) => send({ type: 'rename', ...passkey, newName })}
        onRemove={(passkey) => send({ type: 'remove', ...passkey })}
      />
      <AddPasskey />
      <h3 id="security-totp-heading">
        <Trans>Authenticator app</Trans>
      </h3>
      <TotpPanel
        enabled={totp}
        disabling={snapshot.matches('disabling')}
        onDisable={() => send({ type: 'disableTotp' })}
      />
      <div role="status" className="security-status">
        {snapshot.matches('renamed') ? (
          <p className="result-panel">
            <Trans>The passkey has been renamed.</Trans>
          </p>
        ) : snapshot.matches('removed') ? (
          <p className="result-panel">
            <Trans>The passkey “{target}” has been removed.</Trans>
          </p>
        ) : snapshot.matches('disabled') ? (
          <p className="result-panel">
            <Trans>The authenticator app is off.</Trans>
          </p>
        ) : snapshot.matches('error') ? (
          <p className="result-panel result-panel-bad">
            {snapshot.context.message ?? <Trans>That change failed. Please try again.</Trans>}
          </p>
        ) : null}
      </div>
      <h3 id="security-recovery-heading">
        <Trans>Recovery codes</Trans>
      </h3>
      <RecoveryCodesPanel left={recoveryCodesLeft} hasFactor={hasFactor} />
    </>
  )
}

/** Why the inbox sent an admin here, and the way back once a factor is set up. */
function InboxNotice({ hasFactor }: { readonly hasFactor: boolean }) {
  const proveFactor = useFactorProof()
  const navigate = useNavigate()
  // Adding a factor proves nothing about this session (the password may add the first): the
  // inbox opens once the session has used one. A declined dialog leaves the visitor here.
  const confirmAndOpen = () =>
    void proveFactor().then(
      () => navigate({ to: '/admin' }),
      () => {},
    )
  return (
    <div className="result-panel result-panel-info" role="status">
      {hasFactor ? (
        <p>
          <Trans>
            The inbox needs this session to have used a passkey or a code from your authenticator
            app. Confirm it is you with one, and the inbox opens.
          </Trans>{' '}
          <button type="button" className="link-button" onClick={confirmAndOpen}>
            <Trans>Confirm and open the inbox</Trans>
          </button>
        </p>
      ) : (
        <p>
          <Trans>
            The inbox holds our clients’ details, so it needs a second factor besides your password.
            Add a passkey or an authenticator app below, then confirm it is you with it to open the
            inbox.
          </Trans>
        </p>
      )}
    </div>
  )
}

function PasskeyList({
  passkeys,
  busy,
  refusedRenames,
  renamedId,
  onRename,
  onRemove,
}: {
  readonly passkeys: readonly PasskeySummary[]
  readonly busy: boolean
  readonly refusedRenames: number
  readonly renamedId: string | undefined
  readonly onRename: (passkey: { id: string; name: string }, newName: string) => void
  readonly onRemove: (passkey: { id: string; name: string }) => void
}) {
  const { i18n } = useLingui()
  const { t } = useMacroLingui()
  const [editing, setEditing] = useState<string | undefined>(undefined)
  // A saved name closes its form.
  useEffect(() => {
    if (renamedId) setEditing(undefined)
  }, [renamedId])
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(iso))
  if (passkeys.length === 0) {
    return (
      <p>
        <Trans>You have no passkeys yet.</Trans>
      </p>
    )
  }
  return (
    <ul className="account-sessions passkey-list" aria-labelledby="security-passkeys-heading">
      {passkeys.map((passkey) => {
        const { id, name } = passkey
        if (editing === id) {
          const save = (event: FormEvent<HTMLFormElement>) => {
            event.preventDefault()
            onRename({ id, name }, submittedText(new FormData(event.currentTarget), 'name'))
          }
          return (
            <li key={id}>
              <form className="account-form passkey-rename" noValidate onSubmit={save}>
                <FormField
                  form={`rename-${id}`}
                  name="name"
                  label={<Trans>New name for “{name}”</Trans>}
                  error={
                    refusedRenames > 0 ? i18n._(factorMessages.passkeyNameRequired) : undefined
                  }
                >
                  {(control) => (
                    <input
                      {...control}
                      type="text"
                      autoComplete="off"
                      maxLength={passkeyNameMaxLength}
                      defaultValue={name}
                      // biome-ignore lint/a11y/noAutofocus: the field the visitor just asked for
                      autoFocus
                    />
                  )}
                </FormField>
                <p className="form-actions">
                  <button type="submit" className="button button-primary" aria-disabled={busy}>
                    <Trans>Save the name</Trans>
                  </button>
                  <button type="button" className="button" onClick={() => setEditing(undefined)}>
                    <Trans>Cancel</Trans>
                  </button>
                </p>
              </form>
            </li>
          )
        }
        return (
          <li key={id}>
            <span>
              <strong>{name}</strong>
              <br />
              {passkey.lastUsedAt ? (
                <Trans>
                  Added {when(passkey.createdAt)}, last used {when(passkey.lastUsedAt)}
                </Trans>
              ) : (
                <Trans>Added {when(passkey.createdAt)}, not used yet</Trans>
              )}
            </span>
            <span className="form-actions">
              <button
                type="button"
                className="button"
                aria-label={t`Rename the passkey “${name}”`}
                onClick={() => setEditing(id)}
              >
                <Trans>Rename</Trans>
              </button>
              <button
                type="button"
                className="button button-danger"
                aria-disabled={busy}
                aria-label={t`Remove the passkey “${name}”`}
                onClick={() => {
                  if (!busy) onRemove({ id, name })
                }}
              >
                <Trans>Remove</Trans>
              </button>
            </span>
          </li>
        )
      })}
    </ul>
  )
}
