import type { I18n } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { type FormEvent, Fragment, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { ProfileValues } from '../../../../domain/accounts/account-checks'
import {
  createProfileUpdateSchema,
  type ProfileField,
  profileFields,
} from '../../../../domain/accounts/account-schemas'
import { mexicanStateName } from '../../../../domain/addresses/mexican-states'
import type { AccountUser } from '../../../../domain/api/api-contract'
import { genders, maxLengths } from '../../../../domain/registration/registration-schema'
import { profileMachine } from '../../../../machines/profile-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import type { SessionRuntime } from '../../../session/session-runtime'
import { CountryField, StateField } from '../../../ui/address/address-fields'
import { countryName } from '../../../ui/address/country-names'
import { formatCalendarDate } from '../../../ui/calendar-date'
import { FormField } from '../../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { genderLabels, profileFieldSpecs } from '../profile-fields'
import { AccountForm } from './account-form'
import { FailureNotice } from './failure-notice'

/** A stored value as the details list shows it: choices by their names, nothing as a dash. */
function shownValue(field: ProfileField, value: string, i18n: I18n): string {
  if (value === '') return '—'
  if (field === 'gender')
    return Object.hasOwn(genderLabels, value) ? i18n._(genderLabels[value as Gender]) : value
  if (field === 'state') return mexicanStateName(value)
  if (field === 'country') return countryName(i18n, value)
  if (field === 'birthDate') return formatCalendarDate(value, i18n.locale)
  return value
}

type Gender = keyof typeof genderLabels

const trimmed = (values: ProfileValues): ProfileValues =>
  Object.fromEntries(profileFields.map((field) => [field, values[field].trim()])) as ProfileValues

/** The profile's details: shown, then edited and saved (profileMachine). */
export function ProfileDetails({
  user,
  runtime,
}: {
  readonly user: AccountUser
  readonly runtime: SessionRuntime
}) {
  const { _, i18n } = useLingui()
  const [machine] = useState(() =>
    profileMachine.provide({
      actors: {
        updateProfile: fromPromise(({ input }) => callEndpoint('updateProfile', input)),
      },
      actions: { announceUpdate: (_, body) => runtime.updated(body) },
    }),
  )
  const [snapshot, send] = useMachine(machine, {
    ...inspectorOptions,
    input: { profile: user.profile },
  })
  const { saved, values, refusedSubmissions, message } = snapshot.context
  const { errors, formRef } = useRefusedFields({
    schema: createProfileUpdateSchema,
    values,
    refusedSubmissions,
  })
  const editing = snapshot.matches('editing') || snapshot.matches('saving')
  const statusRef = useRef<HTMLParagraphElement>(null)
  const editRef = useRef<HTMLButtonElement>(null)
  useFocusOnView(editing ? 'editing' : String(snapshot.value), (view) =>
    view === 'editing'
      ? formRef.current?.querySelector<HTMLElement>('input, select')
      : view === 'viewing'
        ? editRef.current
        : statusRef.current,
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    send({
      type: 'save',
      values: trimmed(
        Object.fromEntries(
          profileFields.map((field) => [field, submittedText(data, field)]),
        ) as ProfileValues,
      ),
    })
  }

  if (!editing && !snapshot.matches('error')) {
    return (
      <section className="account-section" aria-labelledby="profile-details-heading">
        <h2 id="profile-details-heading">
          <Trans>Your details</Trans>
        </h2>
        {snapshot.matches('saved') ? (
          <p ref={statusRef} tabIndex={-1} role="status" className="result-panel focus-target">
            <Trans>Your details are saved.</Trans>
          </p>
        ) : null}
        <dl className="account-details">
          <dt>
            <Trans>Email address</Trans>
          </dt>
          <dd>{user.email}</dd>
          {profileFieldSpecs.map((spec) => (
            <Fragment key={spec.name}>
              <dt>{_(spec.label)}</dt>
              <dd>{shownValue(spec.name, saved[spec.name], i18n)}</dd>
            </Fragment>
          ))}
        </dl>
        <p className="form-actions">
          <button
            ref={editRef}
            type="button"
            className="button"
            onClick={() => send({ type: 'edit' })}
          >
            <Trans>Edit your details</Trans>
          </button>
        </p>
      </section>
    )
  }
  if (snapshot.matches('error')) {
    return (
      <section className="account-section" aria-labelledby="profile-details-heading">
        <h2 id="profile-details-heading">
          <Trans>Your details</Trans>
        </h2>
        <FailureNotice
          statusRef={statusRef}
          message={message ?? <Trans>Your details could not be saved. Please try again.</Trans>}
          onRetry={() => send({ type: 'retry' })}
        >
          <button type="button" className="button" onClick={() => send({ type: 'cancel' })}>
            <Trans>Cancel</Trans>
          </button>
        </FailureNotice>
      </section>
    )
  }
  const busy = snapshot.matches('saving')
  return (
    <section className="account-section" aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading">
        <Trans>Your details</Trans>
      </h2>
      <AccountForm formRef={formRef} onSubmit={submit} busy={busy}>
        {Object.keys(errors).length > 0 ? (
          <p key={refusedSubmissions} role="alert" className="form-summary">
            <Trans>Please check the highlighted fields.</Trans>
          </p>
        ) : null}
        {profileFieldSpecs.map((spec) =>
          spec.name === 'state' ? (
            <StateField
              key={spec.name}
              form="profile"
              error={errors.state}
              defaultValue={values.state}
            />
          ) : spec.name === 'country' ? (
            <CountryField
              key={spec.name}
              form="profile"
              error={errors.country}
              defaultValue={values.country}
            />
          ) : (
            <FormField
              key={spec.name}
              form="profile"
              name={spec.name}
              label={_(spec.label)}
              error={errors[spec.name]}
            >
              {(control) =>
                spec.name === 'gender' ? (
                  <select
                    {...control}
                    autoComplete={spec.autoComplete}
                    defaultValue={values.gender}
                  >
                    {genders.map((gender) => (
                      <option key={gender} value={gender}>
                        {_(genderLabels[gender])}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...control}
                    type={spec.type}
                    autoComplete={spec.autoComplete}
                    maxLength={maxLengths[spec.name]}
                    defaultValue={values[spec.name]}
                  />
                )
              }
            </FormField>
          ),
        )}
        <p className="form-actions">
          <button type="submit" className="button button-primary" aria-disabled={busy}>
            {busy ? <Trans>Saving…</Trans> : <Trans>Save your details</Trans>}
          </button>
          {busy ? null : (
            <button type="button" className="button" onClick={() => send({ type: 'cancel' })}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </p>
      </AccountForm>
    </section>
  )
}
